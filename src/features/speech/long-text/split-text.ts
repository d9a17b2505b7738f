import { countSourceTextChars, SOURCE_TEXT_MAX_CHARS } from '@/contract';

/** The longest text the console splits and sends in parts (AWS Polly's asynchronous limit). */
export const LONG_TEXT_MAX_CHARS = 100_000;

/** One part to send: its text as sent (trimmed) and where it starts in the whole text (UTF-16 index). */
export type TextPart = { text: string; offset: number };

const LATIN_END = new Set(['.', '!', '?', ';']);
const CJK_END = new Set(['。', '！', '？', '；', '…']);
const CLOSERS = new Set(['"', "'", '”', '’', ')', ']', '）', '」', '』', '》', '】']);
// A period after these does not end a sentence ("Dr. Smith", "e.g. this").
const ABBREVIATIONS = new Set(
  'mr mrs ms dr prof sr jr st mt vs etc e.g i.e a.m p.m cf fig no nos vol pp ca approx dept est inc ltd co corp gen col lt sgt rev jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);

/** Pieces whose concatenation is the text, cut after a blank line. */
function paragraphs(text: string): string[] {
  return cutAfter(
    text,
    [...text.matchAll(/\n[ \t]*\n\s*/g)].map((m) => m.index + m[0].length),
  );
}

/** Pieces cut after each sentence end (and after a line break), the whitespace after it included. */
function sentences(text: string): string[] {
  const cuts: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    let end = -1;
    if (ch === '\n') end = i + 1;
    else if (CJK_END.has(ch)) end = skipClosers(text, i + 1);
    else if (LATIN_END.has(ch)) {
      const after = skipClosers(text, i + 1);
      const followedBySpace = after >= text.length || /\s/.test(text[after]!);
      if (followedBySpace && !(ch === '.' && isAbbreviation(text, i))) end = after;
    }
    if (end < 0) continue;
    while (end < text.length && /\s/.test(text[end]!)) end++;
    cuts.push(end);
    i = end - 1;
  }
  return cutAfter(text, cuts);
}

function skipClosers(text: string, at: number): number {
  let i = at;
  while (i < text.length && (CLOSERS.has(text[i]!) || LATIN_END.has(text[i]!) || CJK_END.has(text[i]!))) i++;
  return i;
}

/** "Dr." "e.g." and single initials ("J. Smith") end no sentence; decimals never reach here (no space after the point). */
function isAbbreviation(text: string, dot: number): boolean {
  const before = /[\p{L}.]+$/u.exec(text.slice(Math.max(0, dot - 12), dot))?.[0] ?? '';
  if (before === '') return false;
  const word = before.replace(/^\.+/, '').toLowerCase();
  return ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(before);
}

/** Pieces at spaces, the whitespace kept with the word before it. */
function words(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/);
}

// Made on first use: building a word segmenter loads ICU's dictionaries (15-30 ms in Chromium), which
// at module load would land in the Speech page's first long task although only spaceless text needs it.
let wordSegmenter: Intl.Segmenter | undefined;

/**
 * Text with no spaces (CJK without punctuation): pieces of at most `max` code points, each cut at
 * the last dictionary-word boundary Intl.Segmenter finds in it. Only a window is segmented at a
 * time, as segmenting a whole 100,000-character text takes seconds.
 */
function dictionaryWords(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (chars(rest) > max) {
    // One code point past the limit, so a boundary right at the limit is seen too.
    const head = [...rest.slice(0, 2 * (max + 1))];
    const limit = head.slice(0, max).join('').length;
    let cut = 0;
    wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
    for (const s of wordSegmenter.segment(head.slice(0, max + 1).join(''))) if (s.index > 0 && s.index <= limit) cut = s.index;
    // One "word" longer than a part (6,000 letters of nothing): cut by code points as the last resort.
    if (cut === 0) cut = limit;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out;
}

/** Code points, fast for the usual text with no surrogate pairs. */
const chars = (s: string) => (/[\uD800-\uDFFF]/.test(s) ? countSourceTextChars(s) : s.length);

function cutAfter(text: string, cuts: number[]): string[] {
  const out: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    if (cut <= from || cut >= text.length) continue;
    out.push(text.slice(from, cut));
    from = cut;
  }
  out.push(text.slice(from));
  return out;
}

const LEVELS: ((text: string, max: number) => string[])[] = [paragraphs, sentences, words, dictionaryWords];

/** Greedy packing: as many whole units as fit; a unit too long on its own is split at the next finer level. */
function pack(text: string, level: number, max: number): string[] {
  if (chars(text.trim()) <= max) return [text];
  const out: string[] = [];
  let current = '';
  let currentChars = 0;
  for (const unit of LEVELS[level]!(text, max)) {
    const n = chars(unit);
    if (chars(unit.trim()) > max) {
      if (current) out.push(current);
      current = '';
      currentChars = 0;
      out.push(...pack(unit, level + 1, max));
      continue;
    }
    // Trailing whitespace is trimmed before sending, so it may run past the limit.
    if (current && currentChars + chars(unit.trimEnd()) > max) {
      out.push(current);
      current = '';
      currentChars = 0;
    }
    current += unit;
    currentChars += n;
  }
  if (current) out.push(current);
  return out;
}

/**
 * The text in parts of at most `max` code points (as the gateway counts): cut at paragraph ends
 * first, then sentence ends (Latin and CJK punctuation), then word boundaries, never inside a word
 * unless one word alone is longer than a part. Parts are trimmed; blank ones are dropped.
 */
export function splitText(text: string, max = SOURCE_TEXT_MAX_CHARS): TextPart[] {
  const parts: TextPart[] = [];
  let offset = 0;
  for (const piece of pack(text, 0, max)) {
    const lead = piece.length - piece.trimStart().length;
    const trimmed = piece.trim();
    if (trimmed) parts.push({ text: trimmed, offset: offset + lead });
    offset += piece.length;
  }
  return parts;
}
