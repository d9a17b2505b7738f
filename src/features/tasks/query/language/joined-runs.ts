/**
 * Most marks and joiners that one character of the query box may carry (the 30 non-starters in a row of Unicode's
 * Stream-Safe Text Format, UAX #15). Past that the browser itself stalls on the box: Chromium took 541 ms for one
 * Backspace after 2,000 combining marks in a plain <input>, and over 30 s after 19,000, whatever the page does.
 */
export const MAX_JOINED_RUN = 30;

// Constant classes (never query text). What extends a character (UAX #29): combining marks, the joiners, emoji
// modifiers, tag characters, conjoining Hangul jamo; and a pictograph right after a zero-width joiner.
const JOINS = /^[\p{M}\u200C\u200D\p{Emoji_Modifier}\u{E0020}-\u{E007F}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const ASCII_ONLY = /^[\0-\x7f]*$/;
const ZWJ = '\u200D';

/** The text with at most MAX_JOINED_RUN marks and joiners after each character, and how many were left out. */
export function limitJoinedRuns(text: string, max = MAX_JOINED_RUN): { text: string; left: number } {
  if (ASCII_ONLY.test(text)) return { text, left: 0 };
  let out = '';
  let run = 0;
  let left = 0;
  let afterJoiner = false;
  for (const ch of text) {
    // After the last character kept: what the text left is read as, so cutting it again takes nothing more.
    const joins = JOINS.test(ch) || (afterJoiner && PICTOGRAPH.test(ch));
    if (joins && run >= max) {
      left++;
      continue;
    }
    run = joins ? run + 1 : 0;
    afterJoiner = ch === ZWJ;
    out += ch;
  }
  return left ? { text: out, left } : { text, left: 0 };
}
