import type { StatusGroup } from '../../task';
import type { SortKey, Term } from './query-ast';
import { parseQuery } from './parse-query';
import { printSort, printTerm, printText } from './print-query';
import { SORT_KEYS } from './qualifiers';

/**
 * Today's controls (status chips, the search field, "Sort by" + "Descending") as views of one query text,
 * so they and the query box read and write the same thing (the shape of the list view kept before the query language).
 */
export type ControlsState = { statuses: readonly StatusGroup[]; search: string; sort: string; descending: boolean };

type StatusTerm = Extract<Term, { kind: 'status' }>;
type TextTerm = Extract<Term, { kind: 'text' }>;

const sortKeyOf = (key: string): SortKey | null => SORT_KEYS.find((k) => k === key) ?? null;

/** The query text that says what the controls say (an old URL's or a remembered view's state). */
export function controlsToQuery({ statuses, search, sort, descending }: ControlsState): string {
  const parts: string[] = [];
  if (statuses.length) parts.push(printTerm({ kind: 'status', values: statuses, negated: false, from: 0, to: 0 }));
  if (search.trim()) parts.push(printText(search.trim()));
  const key = sortKeyOf(sort) ?? 'list';
  if (key !== 'list' || descending) parts.push(printSort({ key, descending }));
  return parts.join(' ');
}

/** What the controls show for a query: the chips are its first status term that is not negated, the search its plain free text. */
export function queryToControls(text: string): ControlsState {
  const { query } = parseQuery(text);
  const chips = query.terms.find((t): t is StatusTerm => t.kind === 'status' && !t.negated);
  const words = query.terms.filter((t): t is TextTerm => t.kind === 'text' && !t.negated).map((t) => t.text);
  return {
    statuses: chips ? [...new Set(chips.values)] : [],
    search: words.join(' '),
    sort: query.sort?.key ?? 'list',
    descending: query.sort?.descending ?? false,
  };
}

type Edit = { from: number; to: number; insert: string };

/** Edits applied from the end, a removal taking the spaces after it (or before, at the end) so no double space is left. */
function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.from - a.from)) {
    let { from, to } = e;
    if (e.insert === '') {
      while (to < out.length && /\s/.test(out[to]!)) to++;
      if (to === out.length) while (from > 0 && /\s/.test(out[from - 1]!)) from--;
    }
    out = out.slice(0, from) + e.insert + out.slice(to);
  }
  return out;
}

const append = (text: string, part: string) => (text.trim() ? `${text.replace(/\s+$/, '')} ${part}` : part);

/** The query with the chips' statuses in place of its first plain status term (added first, or removed when none). */
export function withStatuses(text: string, statuses: readonly StatusGroup[]): string {
  const chips = parseQuery(text).query.terms.find((t) => t.kind === 'status' && !t.negated);
  const printed = statuses.length ? printTerm({ kind: 'status', values: statuses, negated: false, from: 0, to: 0 }) : '';
  if (chips) return applyEdits(text, [{ from: chips.from, to: chips.to, insert: printed }]);
  if (!printed) return text;
  return text.trim() ? `${printed} ${text.replace(/^\s+/, '')}` : printed;
}

/** The query with `search` as its only plain free text, where the first one was (else at the end). */
export function withSearch(text: string, search: string): string {
  const words = parseQuery(text).query.terms.filter((t) => t.kind === 'text' && !t.negated);
  const printed = search.trim() ? printText(search.trim()) : '';
  if (words.length === 0) return printed ? append(text, printed) : text;
  return applyEdits(
    text,
    words.map((w, i) => ({ from: w.from, to: w.to, insert: i === 0 ? printed : '' })),
  );
}

/** The query with this sort (none for the list's own order, ascending). */
export function withSort(text: string, sort: string, descending: boolean): string {
  const current = parseQuery(text).query.sort;
  const key = sortKeyOf(sort) ?? 'list';
  const printed = key === 'list' && !descending ? '' : printSort({ key, descending });
  if (current) return applyEdits(text, [{ from: current.from, to: current.to, insert: printed }]);
  return printed ? append(text, printed) : text;
}
