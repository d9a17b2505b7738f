/**
 * The bounds a pronunciation lexicon file and its rules are held to, decided before anything is
 * read (issue 36): a hostile or broken file is refused or cut with a message, never read for minutes.
 */

/** Largest lexicon file read (characters of its text; about 2 MB of UTF-8): far above any hand-made lexicon. */
export const MAX_LEXICON_FILE_CHARS = 2_000_000;

/** Most entries (CSV records or PLS lexemes) read from one file; past it reading stops and says where. */
export const MAX_LEXICON_ENTRIES = 10_000;

/**
 * Longest written or said text of a rule, in code points: a name, an abbreviation spelled out or a
 * sentence read in full fits many times over; a said of a megabyte that blows every text past the
 * studio's limit does not.
 */
export const MAX_RULE_TEXT_CHARS = 500;

/** Whether a rule's texts are within MAX_RULE_TEXT_CHARS (a rule stored before the cap may not be). */
export const ruleTextFits = (text: string): boolean =>
  text.length <= MAX_RULE_TEXT_CHARS || (text.length <= 2 * MAX_RULE_TEXT_CHARS && [...text].length <= MAX_RULE_TEXT_CHARS);
