/** A piece of query text between spaces, before its value is read: shared by the parser, autocomplete and the controls' edits. */
export type RawTerm = {
  /** The whole term, its `-` included. */
  from: number;
  to: number;
  negated: boolean;
  /** The qualifier's name as typed, when the term is `name:value`. */
  name: { text: string; from: number; to: number } | null;
  /** Free text, or the qualifier's value (after the colon); quotes and escapes removed. */
  value: { text: string; from: number; to: number; quoted: boolean; closed: boolean };
};

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
const isNameChar = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));

/** `"…"` from `at` (the quote): its text, where it ends, whether it was closed. `\"` and `\\` are escapes. */
function readQuoted(text: string, at: number): { text: string; to: number; closed: boolean } {
  let out = '';
  let i = at + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      out += text[i + 1];
      i += 2;
    } else if (c === '"') return { text: out, to: i + 1, closed: true };
    else {
      out += c;
      i++;
    }
  }
  return { text: out, to: i, closed: false };
}

function readValue(text: string, at: number): RawTerm['value'] {
  if (text[at] === '"') {
    const q = readQuoted(text, at);
    return { text: q.text, from: at, to: q.to, quoted: true, closed: q.closed };
  }
  let i = at;
  while (i < text.length && !isSpace(text[i])) i++;
  return { text: text.slice(at, i), from: at, to: i, quoted: false, closed: true };
}

/** The terms of a query text, in order; never throws. */
export function scanTerms(text: string): RawTerm[] {
  const terms: RawTerm[] = [];
  let i = 0;
  while (i < text.length) {
    if (isSpace(text[i])) {
      i++;
      continue;
    }
    const from = i;
    const negated = text[i] === '-';
    if (negated) i++;
    let n = i;
    while (isNameChar(text[n])) n++;
    const name = n > i && text[n] === ':' ? { text: text.slice(i, n), from: i, to: n } : null;
    const value = readValue(text, name ? n + 1 : i);
    terms.push({ from, to: value.to, negated, name, value });
    i = value.to;
  }
  return terms;
}

/** An unquoted value's comma-separated items, each with its range. */
export function listItems(value: RawTerm['value']): { text: string; from: number; to: number }[] {
  if (value.quoted) return [{ text: value.text, from: value.from, to: value.to }];
  const items: { text: string; from: number; to: number }[] = [];
  let start = 0;
  for (let i = 0; i <= value.text.length; i++) {
    if (i === value.text.length || value.text[i] === ',') {
      items.push({ text: value.text.slice(start, i), from: value.from + start, to: value.from + i });
      start = i + 1;
    }
  }
  return items;
}
