export { csvCell } from './files/lexicon-csv';
export { detectDelimiter, firstLine, parseDelimited, type DelimitedRecord, type Delimiter } from './files/parse-delimited';
export { LexiconPanel } from './lexicon-panel';
export { lexiconStore } from './lexicon-store';
export { lexiconOf, lexiconStored, loadedLexicon } from './lexicon-sync';
export { applyLexicon, type FiredRule, type LexiconRule } from './lexicon';
export { SentPreview } from './sent-preview';
export { SetAsideRules } from './set-aside-rules';
export { useLexiconRules } from './use-lexicon';
