// No RegExp is built from query text: one fails to compile past a size ("Invalid regular expression … too large": 33,000
// characters of free text broke the page for good), and `?`, combining marks or `*a*a*b` make a backtracking one slow.
//
// A glob is a bit-parallel automaton. State j (one bit) means "the pattern's first j characters, `*` not counted, are
// matched"; each character of the ID moves every state at once with a shift and a mask, so a match reads each character
// of the ID once: the ID's length × ⌈(states + 1) / 32⌉ words, whatever the pattern holds (`*`, `?`, any letters). The
// parser caps a pattern at MAX_VALUE_LENGTH characters (query-limits.ts): at most 5 words.
//
// The common case takes a native search first: a pattern of ASCII characters with no `?` is its `*`-separated runs,
// found in turn, leftmost first (exact for `*` globs), in the lower-cased ID with String#startsWith / indexOf /
// endsWith: about as fast as the RegExp it replaces, where a loop over char codes in JavaScript is 2–4× slower at
// 100,000 rows. A match in an ID that is not all ASCII (none the service issues) is confirmed by the automaton.

import { isAscii } from '@/lib/ascii';

const STAR = 42; // '*'
const ANY = 63; // '?'

let foldTable: Uint16Array | null = null;

/**
 * A UTF-16 unit as a RegExp's `i` flag (without `u`) compares it: its upper case when that is one unit, never mapped into
 * ASCII from outside it (so `ſ` is not `S`, `K` not `K`). Memoised in a table, as a row's ID is read for every query.
 */
function fold(c: number): number {
  if (c < 128) return c >= 97 && c <= 122 ? c - 32 : c;
  foldTable ??= new Uint16Array(65_536);
  let f = foldTable[c]!;
  if (f === 0) {
    const upper = String.fromCharCode(c).toUpperCase();
    f = upper.length === 1 && upper.charCodeAt(0) >= 128 ? upper.charCodeAt(0) : c;
    foldTable[c] = f;
  }
  return f;
}

/** A `*` glob of ASCII literals, lower-cased: `head*middle…*tail`, or `exact` when it has no `*`. */
type Runs = { exact: string | null; head: string; middle: string[]; tail: string };

/** `*` any run, `?` any one character, everything else literal; case-insensitive. Built once per query. */
export type CompiledGlob = {
  /** The native search's runs, when the pattern is ASCII with no `?`. */
  runs: Runs | null;
  /** Characters the ID needs at least (the states but the start). */
  need: number;
  /** Words of 32 states (state 0, the start, to state `need`, the end). */
  words: number;
  /** For each ASCII unit as it is in the ID (`a` and `A` alike), `words` words: the states it moves into (j+1 when pattern character j takes it). */
  ascii: Int32Array;
  /** The same for other units (folded) that the pattern names; a unit it does not name takes only the `?` states. */
  other: Map<number, Int32Array>;
  any: Int32Array;
  /** States that a `*` keeps on any character. */
  stay: Int32Array;
  /** The automaton's states while it reads an ID (reused: a match runs to its end before another starts). */
  state: Int32Array;
};

const WILD_ONE = -1;

function build(tokens: readonly number[], stays: readonly number[], runs: Runs | null): CompiledGlob {
  const need = tokens.length;
  const words = (need >>> 5) + 1;
  const bit = (m: Int32Array, at: number, j: number) => (m[at + (j >>> 5)]! |= 1 << (j & 31));
  const any = new Int32Array(words);
  tokens.forEach((t, j) => t === WILD_ONE && bit(any, 0, j + 1));
  const ascii = new Int32Array(128 * words);
  for (let c = 0; c < 128; c++) ascii.set(any, c * words);
  const other = new Map<number, Int32Array>();
  tokens.forEach((t, j) => {
    if (t === WILD_ONE) return;
    if (t < 128) {
      // Indexed by the ID's unit as it is, so a match reads it with no fold: an upper-case letter is also its lower case.
      bit(ascii, t * words, j + 1);
      if (t >= 65 && t <= 90) bit(ascii, (t + 32) * words, j + 1);
      return;
    }
    if (!other.has(t)) other.set(t, any.slice());
    bit(other.get(t)!, 0, j + 1);
  });
  const stay = new Int32Array(words);
  for (const j of stays) bit(stay, 0, j);
  return { runs, need, words, ascii, other, any, stay, state: new Int32Array(words) };
}

export function compileGlob(pattern: string): CompiledGlob {
  const tokens: number[] = [];
  const stays: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (c === STAR) stays.push(tokens.length);
    else tokens.push(c === ANY ? WILD_ONE : fold(c));
  }
  let runs: Runs | null = null;
  if (isAscii(pattern) && !pattern.includes('?')) {
    const parts = pattern.toLowerCase().split('*');
    runs =
      parts.length === 1
        ? { exact: parts[0]!, head: '', middle: [], tail: '' }
        : { exact: null, head: parts[0]!, middle: parts.slice(1, -1).filter(Boolean), tail: parts.at(-1)! };
  }
  return build(tokens, stays, runs);
}

/** Free text: the text anywhere in the ID, every character literal (`*` and `?` too). */
export function compileContains(text: string): CompiledGlob {
  const tokens: number[] = [];
  for (let i = 0; i < text.length; i++) tokens.push(fold(text.charCodeAt(i)));
  const runs = isAscii(text) ? { exact: null, head: '', middle: text ? [text.toLowerCase()] : [], tail: '' } : null;
  return build(tokens, [0, tokens.length], runs);
}

/** How many words of states a glob moves per character of an ID: its work per character. */
export const globWords = (glob: CompiledGlob): number => glob.words;

/**
 * Whether the ID matches. `idLower`, when a row gives it, is the ID lower-cased if the ID is all ASCII (every ID the
 * service issues), or null if it is not: an ASCII ID is then decided by the native search alone, which is exact for
 * it, and another by the automaton alone. Not given, the ID is lower-cased and checked here (a regular expression per
 * match: at 100,000 rows most of a search's cost, issue 38). `meter.steps` (tests) adds the work done: the ID's length
 * for the native search (it reads the ID to lower-case it, then searches), and the words the automaton moves, at most
 * the ID's length × globWords.
 */
export function globMatches(glob: CompiledGlob, id: string, idLower?: string | null, meter?: { steps: number }): boolean {
  if ((idLower ?? id).length < glob.need) return false;
  if (glob.runs && idLower !== null) {
    if (meter) meter.steps += id.length;
    if (idLower !== undefined) return matchRuns(glob.runs, idLower);
    // Lower-casing keeps the ID's ASCII runs whole and in order, so it finds every match; beyond ASCII it can also
    // make one (`K`, the Kelvin sign, lower-cases to `k`), so a match in an ID that is not all ASCII is read again.
    if (!matchRuns(glob.runs, id.toLowerCase())) return false;
    if (isAscii(id)) return true;
  }
  const read = glob.words === 1 ? matchOneWord(glob, id) : matchWords(glob, id);
  if (meter) meter.steps += (read >= 0 ? read : -read - 1) * glob.words;
  return read >= 0;
}

function matchRuns({ exact, head, middle, tail }: Runs, id: string): boolean {
  if (exact !== null) return id === exact;
  if (!id.startsWith(head)) return false;
  let at = head.length;
  for (const run of middle) {
    const found = id.indexOf(run, at);
    if (found < 0) return false;
    at = found + run.length;
  }
  return id.length - tail.length >= at && id.endsWith(tail);
}

// Both return the characters read, or -1 - that when the ID does not match.

/** Up to 31 pattern characters (nearly every query): the states in one integer. */
function matchOneWord({ need, ascii, other, any, stay }: CompiledGlob, id: string): number {
  const end = 1 << need;
  const stays = stay[0]!;
  const anyMask = any[0]!;
  let state = 1;
  for (let i = 0; i < id.length; i++) {
    // Past the end of the pattern with a `*` after it: matched, whatever follows.
    if (state & end & stays) return i;
    const c = id.charCodeAt(i);
    const mask = c < 128 ? ascii[c]! : (other.get(fold(c))?.[0] ?? anyMask);
    state = ((state << 1) & mask) | (state & stays);
    if (state === 0) return -1 - (i + 1);
  }
  return state & end ? id.length : -1 - id.length;
}

function matchWords({ need, words, ascii, other, any, stay, state }: CompiledGlob, id: string): number {
  const endWord = need >>> 5;
  const endBit = 1 << (need & 31);
  const endStays = (stay[endWord]! & endBit) !== 0;
  state.fill(0);
  state[0] = 1;
  for (let i = 0; i < id.length; i++) {
    if (endStays && (state[endWord]! & endBit) !== 0) return i;
    const c = id.charCodeAt(i);
    const masks = c < 128 ? ascii : (other.get(fold(c)) ?? any);
    const at = c < 128 ? c * words : 0;
    let carry = 0;
    let live = 0;
    for (let w = 0; w < words; w++) {
      const old = state[w]!;
      const next = (((old << 1) | carry) & masks[at + w]!) | (old & stay[w]!);
      carry = old >>> 31;
      state[w] = next;
      live |= next;
    }
    if (live === 0) return -1 - (i + 1);
  }
  return (state[endWord]! & endBit) !== 0 ? id.length : -1 - id.length;
}
