/** Columns per subtitle line (the usual broadcast and Netflix guideline for Latin scripts). */
export const MAX_LINE_COLUMNS = 42;
const MAX_LINES_PER_CUE = 2;

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

let wordSegmenter: Intl.Segmenter | undefined;

/** A run of CJK text as dictionary words (Intl.Segmenter), so a line never breaks inside 空格. */
function cjkWords(run: string): string[] {
  wordSegmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  return [...wordSegmenter.segment(run)].map((s) => s.segment);
}

const WIDE_RUN = new RegExp(`(?:${WIDE.source})+`, 'gu');

/**
 * Units that may not be broken: a Latin word (with the space after it), or a CJK dictionary word;
 * closing punctuation joins the unit before it, as it must not start a line.
 */
function units(text: string): string[] {
  const raw: string[] = [];
  for (const token of text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<= )/)) {
    let at = 0;
    for (const run of token.matchAll(WIDE_RUN)) {
      if (run.index > at) raw.push(token.slice(at, run.index));
      raw.push(...cjkWords(run[0]));
      at = run.index + run[0].length;
    }
    if (at < token.length) raw.push(token.slice(at));
  }
  const out: string[] = [];
  for (const unit of raw) {
    if (out.length > 0 && NO_BREAK_BEFORE.test(unit)) out[out.length - 1] += unit;
    else out.push(unit);
  }
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

/** Greedy filling: as many units on a line as fit in `width` columns. */
function greedyLines(pieces: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const unit of pieces) {
    if (line && columns((line + unit).trimEnd()) > width) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += unit;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/**
 * The text as lines of at most MAX_LINE_COLUMNS columns, broken between units, balanced: as few
 * lines as greedy filling needs, with the narrowest width that still fits them, so a long sentence
 * does not end on a stub of two words (or a cue of one CJK character).
 */
export function wrapLines(text: string, max = MAX_LINE_COLUMNS): string[] {
  const pieces = units(text).flatMap((u) => {
    if (columns(u.trimEnd()) <= max) return [u];
    const parts = hardSplit(u.trimEnd(), max);
    return u.endsWith(' ') ? [...parts.slice(0, -1), `${parts.at(-1)!} `] : parts;
  });
  const greedy = greedyLines(pieces, max);
  if (greedy.length <= 1) return greedy;
  const total = greedy.reduce((n, l) => n + columns(l), 0);
  for (let width = Math.ceil(total / greedy.length); width < max; width++) {
    const lines = greedyLines(pieces, width);
    if (lines.length <= greedy.length) return lines;
  }
  return greedy;
}

/** Lines grouped into cues of at most MAX_LINES_PER_CUE lines each. */
export function cueTexts(text: string): string[][] {
  const lines = wrapLines(text);
  const out: string[][] = [];
  for (let i = 0; i < lines.length; i += MAX_LINES_PER_CUE) out.push(lines.slice(i, i + MAX_LINES_PER_CUE));
  return out;
}
