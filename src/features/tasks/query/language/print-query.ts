import type { HasWhat, Query, QuerySort, Term } from './query-ast';
import { SORT_DESCENDING_SUFFIX, statusValueName } from './qualifiers';
import { formatComparison, formatDuration } from './read-values';

const HAS_NAME: Record<HasWhat, string> = { result: 'result', code: 'code', eta: 'eta' };

const quote = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** Free text as typed when it would read back the same, else quoted. */
export const printText = (text: string): string =>
  /^[^\s"-][^\s"]*$/.test(text) && !/^[A-Za-z]+:/.test(text) && !text.includes('\\') ? text : quote(text);

/** One `id:` pattern list: unquoted items, or one quoted pattern when it holds a space, comma or leading quote. */
const printPatterns = (patterns: readonly string[]) =>
  patterns.length === 1 && !/^[^\s,"][^\s,]*$/.test(patterns[0]!) ? quote(patterns[0]!) : patterns.join(',');

function printBody(term: Term): string {
  switch (term.kind) {
    case 'text':
      return printText(term.text);
    case 'status':
      return `status:${term.values.map(statusValueName).join(',')}`;
    case 'number':
      return `${term.field}:${term.tests.map((t) => formatComparison(t)).join(',')}`;
    case 'duration':
      return `${term.field}:${term.tests.map((t) => formatComparison(t, formatDuration)).join(',')}`;
    case 'id':
      return `id:${printPatterns(term.patterns)}`;
    case 'stalled':
      return `stalled:${term.value ? 'yes' : 'no'}`;
    case 'has':
      return `has:${term.what.map((w) => HAS_NAME[w]).join(',')}`;
  }
}

export const printTerm = (term: Term): string => `${term.negated ? '-' : ''}${printBody(term)}`;

export const printSort = (sort: Pick<QuerySort, 'key' | 'descending'>): string =>
  `sort:${sort.key}${sort.descending ? SORT_DESCENDING_SUFFIX : ''}`;

/** A query in its canonical words: terms in order, then the sort. */
export function printQuery(query: Query): string {
  const parts = query.terms.map(printTerm);
  if (query.sort) parts.push(printSort(query.sort));
  return parts.join(' ');
}
