/** A constant class, not user text. */
const ASCII_ONLY = /^[\0-\x7f]*$/;

/** Whether every UTF-16 unit of the text is ASCII: then lower-casing it changes only A–Z, one unit for one. */
export const isAscii = (text: string): boolean => ASCII_ONLY.test(text);

/**
 * The text lower-cased when it is all ASCII, else null: what a task row keeps of its ID for the query's searches, which
 * are exact on it (the query's glob.ts) and read an ID that is not ASCII another way.
 */
export const asciiLower = (text: string): string | null => (isAscii(text) ? text.toLowerCase() : null);
