import { countSourceTextChars, SOURCE_TEXT_MAX_CHARS } from '@/contract';

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

export type Rewritten = { text: string; fired: FiredRule[] };

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
  const edge = (inside: string | undefined, outside: string | undefined, at: number) => {
    if (outside === undefined) return true;
    if ((inside !== undefined && WIDE.test(inside)) || WIDE.test(outside)) return segmenterBoundary(text, at);
    return !WORD_CHAR.test(outside) || (inside !== undefined && !WORD_CHAR.test(inside));
  };
  const first = String.fromCodePoint(text.codePointAt(from)!);
  const last = [...text.slice(Math.max(from, to - 2), to)].at(-1);
  const before = from > 0 ? [...text.slice(Math.max(0, from - 2), from)].at(-1) : undefined;
  const after = to < text.length ? String.fromCodePoint(text.codePointAt(to)!) : undefined;
  return edge(first, before, from) && edge(last, after, to);
}

/**
 * The text as sent: one pass from left to right over the original; where several rules match at a
 * place the longest match wins (then the earlier rule), and replaced text is never matched again,
 * so "NASA → N.A.S.A." and "A. → ay" cannot chain and the order of rules matters only for ties.
 */
export function applyLexicon(text: string, rules: readonly LexiconRule[], language?: string): Rewritten {
  type Match = { rule: number; from: number; to: number };
  const matches: Match[] = [];
  for (const [i, rule] of rules.entries()) {
    if (rule.written === '' || !ruleApplies(rule, language)) continue;
    const re = new RegExp(escapeRegExp(rule.written), rule.caseSensitive ? 'gu' : 'giu');
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const to = m.index + m[0].length;
      if (!rule.wholeWord || isWholeWord(text, m.index, to)) matches.push({ rule: i, from: m.index, to });
      // On one code point, to find overlapping places too (the longest is chosen below). Not +1: in
      // the middle of a surrogate pair a /u regex starts again at the pair, the same match for ever.
      re.lastIndex = m.index + (text.codePointAt(m.index)! > 0xffff ? 2 : 1);
    }
  }
  matches.sort((a, b) => a.from - b.from || b.to - b.from - (a.to - a.from) || a.rule - b.rule);
  let out = '';
  let at = 0;
  const fired: FiredRule[] = [];
  for (const m of matches) {
    if (m.from < at) continue;
    out += text.slice(at, m.from);
    const sentFrom = out.length;
    out += rules[m.rule]!.said;
    fired.push({ ...m, sentFrom, sentTo: out.length });
    at = m.to;
  }
  return { text: out + text.slice(at), fired };
}

export type SentLength = { ok: true; chars: number } | { ok: false; chars: number; max: number };

/** The 5,000-character limit on the text actually sent (the form's validation uses this). */
export function sentTextLength(text: string, rules: readonly LexiconRule[], language?: string, max = SOURCE_TEXT_MAX_CHARS): SentLength {
  const chars = countSourceTextChars(applyLexicon(text.trim(), rules, language).text.trim());
  return chars <= max ? { ok: true, chars } : { ok: false, chars, max };
}
