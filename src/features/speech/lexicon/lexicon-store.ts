import { createStore } from '@/lib/persisted-store';
import type { LexiconRule } from './lexicon';

/**
 * The active profile's pronunciation lexicon (issue 30): the rules every synthesis applies to its
 * text before sending it (lexicon/lexicon.ts). Kept per profile in IndexedDB by the lexicon's
 * own module; this is the value the form, the script queue and the preview read.
 */
export const lexiconStore = createStore<readonly LexiconRule[]>([]);
