// A glob is not made into one regex: `*a*a*a*a*b` as `^.*a.*a.*a.*a.*b$` backtracks for a time that grows with
// the power of the stars on a crafted ID, and the query runs over 100,000 rows per keystroke. Instead each literal
// run between stars is its own regex (no quantifier, so linear), matched at its leftmost place one after another,
// which is exact for `*` globs. RegExp, not a loop over char codes: V8 searches a literal 5–20× faster.

const escape = (literal: string) => literal.replace(/[.*+^${}()|[\]\\/-]/g, '\\$&').replace(/\?/g, '[\\s\\S]');

/** `*` any run, `?` any one character, everything else literal; case-insensitive. Built once per query. */
export type CompiledGlob = { first: RegExp | null; middle: RegExp[]; last: RegExp | null; lastLength: number };

export function compileGlob(pattern: string): CompiledGlob {
  const parts = pattern.split('*');
  if (parts.length === 1) return { first: new RegExp(`^${escape(pattern)}$`, 'i'), middle: [], last: null, lastLength: 0 };
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  return {
    first: first ? new RegExp(escape(first), 'iy') : null,
    middle: parts.slice(1, -1).flatMap((p) => (p ? [new RegExp(escape(p), 'ig')] : [])),
    last: last ? new RegExp(escape(last), 'iy') : null,
    lastLength: last.length,
  };
}

/** Free text: the text anywhere in the ID, every character literal (`*` too). */
export function compileContains(text: string): CompiledGlob {
  return { first: null, middle: [new RegExp(escape(text).replace(/\[\\s\\S\]/g, '\\?'), 'ig')], last: null, lastLength: 0 };
}

export function globMatches(glob: CompiledGlob, id: string): boolean {
  const { first, middle, last } = glob;
  let at = 0;
  if (first) {
    first.lastIndex = 0;
    if (!first.test(id)) return false;
    at = first.lastIndex;
  }
  for (let i = 0; i < middle.length; i++) {
    const re = middle[i]!;
    re.lastIndex = at;
    if (!re.test(id)) return false;
    at = re.lastIndex;
  }
  if (!last) return true;
  const from = id.length - glob.lastLength;
  if (from < at) return false;
  last.lastIndex = from;
  return last.test(id);
}
