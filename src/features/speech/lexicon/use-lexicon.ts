import { useEffect } from 'react';
import { lexiconStore } from './lexicon-store';
import { startLexiconSync } from './lexicon-sync';

/** The active profile's pronunciation rules (empty until loaded); the first reader starts loading them per profile. */
export const useLexiconRules = () => {
  useEffect(() => void startLexiconSync(), []);
  return lexiconStore.use();
};
