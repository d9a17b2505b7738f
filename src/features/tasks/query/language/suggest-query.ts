import type { WatchedTask } from '../../rows';
import type { CompareOp } from './query-ast';
import { qualifierOf, SORT_VALUES } from './parse-query';
import { HAS_VALUES, QUALIFIERS, STATUS_VALUES, UNIT_NAMES, YES_NO, type DurationUnit, type QualifierName } from './qualifiers';
import { listItems, scanTerms } from './scan-terms';
import { MAX_QUERY_LENGTH } from './query-limits';

/** One autocomplete choice: `text` replaces the range; the rest says what it is, for the UI to word. */
export type Suggestion =
  | { kind: 'qualifier'; qualifier: QualifierName; text: string }
  | { kind: 'value'; qualifier: QualifierName; value: string; text: string }
  | { kind: 'operator'; qualifier: QualifierName; op: CompareOp; text: string }
  | { kind: 'unit'; qualifier: QualifierName; unit: DurationUnit; text: string };

export type Suggestions = { from: number; to: number; items: Suggestion[] };

const OPERATORS: readonly CompareOp[] = ['<', '>', '<=', '>='];

const qualifiers = (prefix: string): Suggestion[] =>
  QUALIFIERS.filter((q) => q.startsWith(prefix.toLowerCase())).map((q) => ({ kind: 'qualifier', qualifier: q, text: `${q}:` }));

const words = (qualifier: QualifierName, all: Iterable<string>, prefix: string, taken: ReadonlySet<string>): Suggestion[] =>
  [...all]
    .filter((w) => w.startsWith(prefix.toLowerCase()) && !taken.has(w))
    .map((value) => ({ kind: 'value', qualifier, value, text: value }));

/**
 * The distinct error codes of the rows (not 0), ascending: the `code:` values worth offering. Read from the row's copy of
 * the code, as the query's tests read it: through the snapshot it was a pointer chase per row (issue 38).
 */
export function codesSeen(rows: readonly WatchedTask[]): number[] {
  const codes = new Set<number>();
  for (const row of rows) {
    const code = row.errorCode;
    if (code) codes.add(code);
  }
  return [...codes].sort((a, b) => a - b);
}

/** The codes to offer after `code:`, or how to read them (a pass over the rows: read only when the caret is in a code). */
type Codes = readonly number[] | (() => readonly number[]);

function valueSuggestions(qualifier: QualifierName, prefix: string, taken: ReadonlySet<string>, codes: Codes): Suggestion[] {
  const op = (['<=', '>=', '<', '>', '='] as const).find((o) => prefix.startsWith(o)) ?? null;
  const rest = op ? prefix.slice(op.length) : prefix;
  const operators = (): Suggestion[] => OPERATORS.map((o) => ({ kind: 'operator', qualifier, op: o, text: o }));
  switch (qualifier) {
    case 'status':
      return words(qualifier, STATUS_VALUES.keys(), prefix, taken);
    case 'has':
      return words(qualifier, HAS_VALUES.keys(), prefix, taken);
    case 'stalled':
      return words(qualifier, YES_NO.keys(), prefix, taken);
    case 'sort':
      return words(qualifier, SORT_VALUES, prefix, taken);
    case 'code':
      return (typeof codes === 'function' ? codes() : codes)
        .map(String)
        .filter((c) => c.startsWith(rest) && !taken.has(c))
        .map((value) => ({ kind: 'value', qualifier, value, text: `${op ?? ''}${value}` }));
    case 'progress':
      return prefix === '' ? operators() : [];
    case 'age':
    case 'updated':
    case 'eta':
      if (!op) return prefix === '' ? operators() : [];
      return /^[0-9]+(\.[0-9]+)?$/.test(rest)
        ? UNIT_NAMES.map((unit) => ({ kind: 'unit', qualifier, unit, text: `${prefix}${unit}` }))
        : [];
    case 'id':
      return [];
  }
}

/**
 * What to offer at the caret: qualifier names while a name is typed (or between terms), values for the
 * qualifier whose value holds the caret (statuses, `codes` seen in the rows, yes/no, has, sort keys),
 * comparison operators, and units after a duration's number. `from`/`to` is the range a choice replaces.
 */
export function suggestQuery(text: string, caret: number, codes: Codes = []): Suggestions {
  // Nothing to offer in a query that is not applied (and no scan of a 1 MB paste per keystroke).
  if (text.length > MAX_QUERY_LENGTH) return { from: caret, to: caret, items: [] };
  const term = scanTerms(text).find((t) => t.from <= caret && caret <= t.to);
  if (!term) return { from: caret, to: caret, items: qualifiers('') };
  const nameFrom = term.negated ? term.from + 1 : term.from;
  if (caret < nameFrom) return { from: caret, to: caret, items: [] };
  if (!term.name) {
    const typed = text.slice(nameFrom, caret);
    if (term.value.quoted || !/^[A-Za-z]*$/.test(typed)) return { from: caret, to: caret, items: [] };
    return { from: nameFrom, to: term.to, items: qualifiers(typed) };
  }
  if (caret <= term.name.to) return { from: nameFrom, to: term.name.to + 1, items: qualifiers(text.slice(nameFrom, caret)) };
  const qualifier = qualifierOf(term.name.text);
  if (!qualifier || term.value.quoted) return { from: caret, to: caret, items: [] };
  const items = listItems(term.value);
  const at = items.find((i) => i.from <= caret && caret <= i.to) ?? { text: '', from: caret, to: caret };
  const taken = new Set(items.filter((i) => i !== at).map((i) => i.text.toLowerCase()));
  return { from: at.from, to: at.to, items: valueSuggestions(qualifier, text.slice(at.from, caret), taken, codes) };
}
