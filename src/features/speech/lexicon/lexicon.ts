import { countSourceTextChars, SOURCE_TEXT_MAX_CHARS } from '@/contract';
import { LONG_TEXT_MAX_CHARS } from '../long-text';
import { ruleTextFits } from './lexicon-limits';

/** A pronunciation rule: where `written` appears, `said` is sent instead. */
export type LexiconRule = {
  written: string;
  said: string;
  /** Only where it stands as a word of its own (no letter, digit or mark on either side; CJK: see below). */
  wholeWord: boolean;
  caseSensitive: boolean;
  /** ISO 639-1 code ("en"); unset: every language. */
  language?: string;
};

/** A rule that fired: its index in the rules, and where in the original text and in the text sent. */
export type FiredRule = { rule: number; from: number; to: number; sentFrom: number; sentTo: number };

/**
 * The text sent and the rules that fired. `tooLong`: the rewritten text passed the bound it was built
 * under and building stopped there; `text` is then the part built (trimmed), already longer than the
 * bound, so a check of its length still refuses it, `fired` the rules up to there, and `chars` the
 * length the whole text would have (code points, trimmed), counted without building it.
 */
export type Rewritten =
  { text: string; fired: FiredRule[]; tooLong?: false } | { text: string; fired: FiredRule[]; tooLong: true; chars: number };

const WIDE = /[\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFF60]|[\u{20000}-\u{3FFFD}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a rule is for this text's language. A rule with no language always applies; a text with
 * no language (the gateway detects it) takes every rule; "en" matches "en-US".
 */
function ruleApplies(rule: LexiconRule, language: string | undefined): boolean {
  const want = rule.language?.trim().toLowerCase();
  const have = language?.trim().toLowerCase();
  if (!want || !have) return true;
  return have === want || have.startsWith(`${want}-`);
}

let wordSegmenter: Intl.Segmenter | undefined;

/** Whether `at` is a word boundary of `text` as a dictionary segmenter sees it, from a window around it. */
function segmenterBoundary(text: string, at: number): boolean {
  const from = Math.max(0, at - 16);
  const window = text.slice(from, Math.min(text.length, at + 16));
  wordSegmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  for (const s of wordSegmenter.segment(window)) if (from + s.index === at) return true;
  return false;
}

/**
 * Whether [from, to) stands as a word. Between two non-CJK characters: neither side is a letter,
 * digit or mark (Unicode-aware, not \b). Where CJK meets the edge (no spaces between words there):
 * the edge must be a word boundary of Intl.Segmenter's dictionary segmentation.
 */
function isWholeWord(text: string, from: number, to: number): boolean {
  return (
    edgeHolds(text, from, pointAt(text, from), pointBefore(text, from)) && edgeHolds(text, to, pointBefore(text, to), pointAt(text, to))
  );
}

/** One edge of a match at `at`: `inside` is its character there, `outside` the one beyond (none at the text's ends). */
function edgeHolds(text: string, at: number, inside: string | undefined, outside: string | undefined): boolean {
  if (outside === undefined) return true;
  if ((inside !== undefined && isWide(inside)) || isWide(outside)) return segmenterBoundary(text, at);
  return !isWordChar(outside) || (inside !== undefined && !isWordChar(inside));
}

// ASCII first: most text is, and a regex per edge is most of the work on a rule that fires everywhere.
const isWide = (ch: string) => ch.charCodeAt(0) >= 0x2e80 && WIDE.test(ch);
const isWordChar = (ch: string) => {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return WORD_CHAR.test(ch);
};

/** The code point starting at `at` (undefined at the end). */
function pointAt(text: string, at: number): string | undefined {
  if (at >= text.length) return undefined;
  const c = text.charCodeAt(at);
  return c >= 0xd800 && c <= 0xdbff && at + 1 < text.length ? text.slice(at, at + 2) : text[at];
}

/** The code point ending at `at` (undefined at the start). */
function pointBefore(text: string, at: number): string | undefined {
  if (at <= 0) return undefined;
  const c = text.charCodeAt(at - 1);
  return c >= 0xdc00 && c <= 0xdfff && at >= 2 && text.charCodeAt(at - 2) >= 0xd800 && text.charCodeAt(at - 2) <= 0xdbff
    ? text.slice(at - 2, at)
    : text[at - 1];
}

/** Whether a rule is applied at all: a rule stored before MAX_RULE_TEXT_CHARS whose written or said is longer is set aside. */
export const ruleApplied = (rule: LexiconRule): boolean => ruleTextFits(rule.written) && ruleTextFits(rule.said);

type Measure = { chars: number; lead: number; trail: number; blank: boolean };

/** A piece of the text sent: its code points, its leading and trailing whitespace (all in the BMP: units are code points), whether it is all whitespace. */
function measured(piece: string): Measure {
  let chars = 0;
  for (const _ of piece) chars++;
  const lead = piece.length - piece.trimStart().length;
  return { chars, lead, trail: piece.length - piece.trimEnd().length, blank: lead === piece.length };
}

/** One rule's next match at or after a place: the rule's regex and where its next (whole-word) match starts and ends. */
type Cursor = { rule: number; re: RegExp; wholeWord: boolean; from: number; to: number };

/** Moves a cursor to its rule's first match starting at or after `at` (from = Infinity: none left). */
function seek(c: Cursor, text: string, at: number): void {
  for (let start = at; ;) {
    c.re.lastIndex = start;
    const m = c.re.exec(text);
    if (m === null) {
      c.from = Infinity;
      return;
    }
    const to = m.index + m[0].length;
    if (!c.wholeWord || isWholeWord(text, m.index, to)) {
      c.from = m.index;
      c.to = to;
      return;
    }
    // On one code point, to find overlapping places too. Not +1: in the middle of a surrogate pair a
    // /u regex starts again at the pair, the same match for ever.
    start = m.index + (text.codePointAt(m.index)! > 0xffff ? 2 : 1);
  }
}

/** Each rule's regex, made once per list of rules (a text is rewritten on each keystroke); checked against the rule, should the list be changed in place. */
const regexes = new WeakMap<readonly LexiconRule[], { rule: LexiconRule; written: string; caseSensitive: boolean; re: RegExp }[]>();
function regexOf(rules: readonly LexiconRule[], i: number): RegExp {
  let made = regexes.get(rules);
  if (made === undefined) regexes.set(rules, (made = []));
  const rule = rules[i]!;
  const had = made[i];
  if (had && had.rule === rule && had.written === rule.written && had.caseSensitive === rule.caseSensitive) return had.re;
  const re = new RegExp(escapeRegExp(rule.written), rule.caseSensitive ? 'gu' : 'giu');
  made[i] = { rule, written: rule.written, caseSensitive: rule.caseSensitive, re };
  return re;
}

/** The cursor that goes first: the earliest place, then the longest match, then the earlier rule. */
const before = (a: Cursor, b: Cursor) => a.from - b.from || b.to - b.from - (a.to - a.from) || a.rule - b.rule;

/** A binary min-heap of cursors by `before`. */
class Cursors {
  private readonly heap: Cursor[] = [];
  push(c: Cursor): void {
    const h = this.heap;
    let i = h.push(c) - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (before(h[up]!, c) <= 0) break;
      h[i] = h[up]!;
      i = up;
    }
    h[i] = c;
  }
  pop(): Cursor | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const child = l + 1 < h.length && before(h[l + 1]!, h[l]!) < 0 ? l + 1 : l;
      if (before(last, h[child]!) <= 0) break;
      h[i] = h[child]!;
      i = child;
    }
    h[i] = last;
    return top;
  }
}

/**
 * The text as sent: one pass from left to right over the original; where several rules match at a
 * place the longest match wins (then the earlier rule), and replaced text is never matched again,
 * so "NASA → N.A.S.A." and "A. → ay" cannot chain and the order of rules matters only for ties.
 *
 * Bounded while it is built (issue 36): once the text sent, without its outer whitespace, passes
 * `maxChars` code points (by default the longest text the studio sends, in parts), building stops and
 * the result says `tooLong`; a rule longer than MAX_RULE_TEXT_CHARS (stored before that cap) is not
 * applied. Each rule keeps a cursor on its next match, moved only forward, and the next place comes
 * from a heap: the work follows the text and the matches taken, never the text times the rules.
 */
export function applyLexicon(text: string, rules: readonly LexiconRule[], language?: string, maxChars = LONG_TEXT_MAX_CHARS): Rewritten {
  const cursors = new Cursors();
  // Two rules that match the same places: only the first can ever fire (ties go to the earlier rule).
  const same = new Set<string>();
  for (const [i, rule] of rules.entries()) {
    if (rule.written === '' || !ruleApplies(rule, language) || !ruleApplied(rule)) continue;
    const key = JSON.stringify([rule.caseSensitive ? rule.written : rule.written.toLowerCase(), rule.wholeWord, rule.caseSensitive]);
    if (same.has(key)) continue;
    same.add(key);
    const re = regexOf(rules, i);
    const c: Cursor = { rule: i, re, wholeWord: rule.wholeWord, from: 0, to: 0 };
    seek(c, text, 0);
    if (c.from !== Infinity) cursors.push(c);
  }
  let out = '';
  let at = 0;
  // Code points of the text sent after its leading whitespace, and of the whitespace it ends with:
  // their difference is the length of the trimmed text, what the limit sees.
  let chars = 0;
  let trailing = 0;
  // Past the bound the text is no longer built, only counted (the walk is bounded by the original text).
  let built: string | null = null;
  const append = (piece: string, measure = measured(piece)) => {
    if (piece === '') return;
    if (built === null) out += piece;
    if (chars === 0 && measure.lead > 0) measure = measured(piece.trimStart());
    chars += measure.chars;
    trailing = measure.blank ? trailing + measure.chars : measure.trail;
  };
  // A rule's said is measured once, not each time it fires (past the bound the walk only counts).
  const saids = new Map<number, Measure>();
  const said = (rule: number) => {
    let m = saids.get(rule);
    if (m === undefined) saids.set(rule, (m = measured(rules[rule]!.said)));
    return m;
  };
  const fired: FiredRule[] = [];
  for (let c = cursors.pop(); c !== undefined; c = cursors.pop()) {
    if (c.from >= at) {
      append(text.slice(at, c.from));
      const sentFrom = out.length;
      append(rules[c.rule]!.said, said(c.rule));
      if (built === null) fired.push({ rule: c.rule, from: c.from, to: c.to, sentFrom, sentTo: out.length });
      at = c.to;
      if (built === null && chars - trailing > maxChars) built = out.trim();
    }
    seek(c, text, at);
    if (c.from !== Infinity) cursors.push(c);
  }
  append(text.slice(at));
  if (built === null && chars - trailing > maxChars) built = out.trim();
  return built === null ? { text: out, fired } : { text: built, fired, tooLong: true, chars: chars - trailing };
}

export type SentLength = { ok: true; chars: number } | { ok: false; chars: number; max: number };

/** The 5,000-character limit on the text actually sent (the form's validation uses this). */
export function sentTextLength(text: string, rules: readonly LexiconRule[], language?: string, max = SOURCE_TEXT_MAX_CHARS): SentLength {
  const rewritten = applyLexicon(text.trim(), rules, language, max);
  const chars = rewritten.tooLong ? rewritten.chars : countSourceTextChars(rewritten.text.trim());
  return chars <= max ? { ok: true, chars } : { ok: false, chars, max };
}
