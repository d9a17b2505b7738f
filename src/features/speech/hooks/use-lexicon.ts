import { lexiconStore } from '../stores/lexicon-store';

/** The active profile's pronunciation rules (empty until loaded). */
export const useLexiconRules = () => lexiconStore.use();
