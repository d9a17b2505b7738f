/** Columns per subtitle line (the usual broadcast and Netflix guideline for Latin scripts). */
export const MAX_LINE_COLUMNS = 42;
export const MAX_LINES_PER_CUE = 2;

// Han, kana, CJK punctuation and full-width forms: no spaces between words, two columns wide.
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{20000}-\u{3FFFD}]/u;
// Never first on a line: closing punctuation, CJK and Latin.
const NO_BREAK_BEFORE = /^[、。，．！？；：）」』》】〕〉”’)\].,!?;:…ー々〜]/u;

/** Columns a string takes: wide (CJK) characters count 2, so a CJK line holds 21 of them. */
export function columns(text: string): number {
  let n = 0;
  for (const ch of text) n += WIDE.test(ch) ? 2 : 1;
  return n;
}

/**
 * Units that may not be broken: a Latin word (with the space after it), or one CJK character
 * (with any closing punctuation that follows, which must not start a line).
 */
function units(text: string): string[] {
  const out: string[] = [];
  let word = '';
  for (const ch of text.replace(/\s+/g, ' ').trim()) {
    if (WIDE.test(ch) && !NO_BREAK_BEFORE.test(ch)) {
      if (word) out.push(word);
      word = ch;
    } else if (ch === ' ') {
      out.push(word + ' ');
      word = '';
    } else if (word !== '' && WIDE.test(word.at(-1)!) && !NO_BREAK_BEFORE.test(ch)) {
      out.push(word);
      word = ch;
    } else word += ch;
  }
  if (word) out.push(word);
  return out.filter((u) => u.trim() !== '');
}

/** A unit wider than a line, cut into pieces of at most `max` columns. */
function hardSplit(unit: string, max: number): string[] {
  const out: string[] = [];
  let piece = '';
  for (const ch of unit) {
    if (columns(piece + ch) > max && piece) {
      out.push(piece);
      piece = '';
    }
    piece += ch;
  }
  if (piece) out.push(piece);
  return out;
}

/** The text as lines of at most MAX_LINE_COLUMNS columns, broken between units, greedily. */
export function wrapLines(text: string, max = MAX_LINE_COLUMNS): string[] {
  const lines: string[] = [];
  let line = '';
  const pieces = units(text).flatMap((u) => {
    if (columns(u.trimEnd()) <= max) return [u];
    const parts = hardSplit(u.trimEnd(), max);
    return u.endsWith(' ') ? [...parts.slice(0, -1), `${parts.at(-1)!} `] : parts;
  });
  for (const unit of pieces) {
    if (line && columns((line + unit).trimEnd()) > max) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += unit;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** Lines grouped into cues of at most MAX_LINES_PER_CUE lines each. */
export function cueTexts(text: string): string[][] {
  const lines = wrapLines(text);
  const out: string[][] = [];
  for (let i = 0; i < lines.length; i += MAX_LINES_PER_CUE) out.push(lines.slice(i, i + MAX_LINES_PER_CUE));
  return out;
}
