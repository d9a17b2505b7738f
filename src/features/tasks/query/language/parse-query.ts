import { isKnownTaskStatus } from '@/contract';
import type { StatusGroup } from '../../task';
import type { Comparison, HasWhat, Query, QuerySort, Term } from './query-ast';
import type { QueryError } from './query-errors';
import {
  HAS_VALUES,
  nearest,
  QUALIFIER_ALIASES,
  QUALIFIERS,
  SORT_ASCENDING_SUFFIX,
  SORT_DESCENDING_SUFFIX,
  SORT_KEYS,
  STATUS_VALUES,
  TERM_KIND,
  YES_NO,
  type QualifierName,
  type TermQualifier,
} from './qualifiers';
import { listItems, scanTerms, type RawTerm } from './scan-terms';
import { readCode, readDuration, readProgress, type Read } from './read-values';
import { MAX_QUERY_LENGTH, MAX_QUERY_PARTS, MAX_VALUE_LENGTH } from './query-limits';

export type ParsedQuery = { query: Query; errors: QueryError[] };
type Item = { text: string; from: number; to: number };

const ALL_NAMES = [...QUALIFIERS, ...Object.keys(QUALIFIER_ALIASES)];
export const SORT_VALUES = SORT_KEYS.flatMap((k) => [k, `${k}${SORT_DESCENDING_SUFFIX}`]);

export const qualifierOf = (typed: string): QualifierName | null => {
  const name = typed.toLowerCase();
  return (QUALIFIERS as readonly string[]).includes(name) ? (name as QualifierName) : (QUALIFIER_ALIASES[name] ?? null);
};

/** A query text as terms and sort, with every problem found and its range; never throws. Terms with a problem are left out. */
export function parseQuery(text: string): ParsedQuery {
  // Read no further than the length: a query too long is not applied at all (the box keeps it and says by how much).
  if (text.length > MAX_QUERY_LENGTH)
    return {
      query: { terms: [], sort: null },
      errors: [{ code: 'queryTooLong', max: MAX_QUERY_LENGTH, length: text.length, from: MAX_QUERY_LENGTH, to: text.length }],
    };
  const terms: Term[] = [];
  const errors: QueryError[] = [];
  let sort: QuerySort | null = null;
  let parts = 0;
  for (const raw of scanTerms(text)) {
    const { from, to, negated } = raw;
    // Each term and list item is a test per row: a bound keeps a crafted query (a view link) from stalling 100,000 rows.
    parts += raw.name && !raw.value.quoted ? listItems(raw.value).length : 1;
    if (parts > MAX_QUERY_PARTS) {
      errors.push({ code: 'tooManyParts', max: MAX_QUERY_PARTS, from, to: text.length });
      break;
    }
    if (!raw.value.closed) {
      errors.push({ code: 'unclosedQuote', from: raw.value.from, to });
      continue;
    }
    const long = longValue(raw);
    if (long) {
      errors.push({
        code: 'valueTooLong',
        max: MAX_VALUE_LENGTH,
        length: long.text.length,
        value: long.text,
        from: long.from,
        to: long.to,
      });
      continue;
    }
    if (!raw.name) {
      if (negated && raw.value.text === '' && !raw.value.quoted) errors.push({ code: 'danglingNegation', from, to });
      else if (raw.value.text !== '') terms.push({ kind: 'text', text: raw.value.text, negated, from, to });
      continue;
    }
    const name = qualifierOf(raw.name.text);
    if (!name) {
      const typed = raw.name.text.toLowerCase();
      errors.push({
        code: 'unknownQualifier',
        qualifier: raw.name.text,
        allowed: QUALIFIERS,
        suggestion: nearest(typed, ALL_NAMES),
        ...raw.name,
      });
      continue;
    }
    if (raw.value.text === '' && !raw.value.quoted) {
      errors.push({ code: 'missingValue', qualifier: name, from, to });
      continue;
    }
    if (name === 'sort') {
      const read = readSort(raw, negated, sort !== null);
      if (read.ok) sort = read.value;
      else errors.push(read.error);
      continue;
    }
    const read = readTerm(name, raw);
    if (read.ok) terms.push({ ...read.value, negated, from, to } as Term);
    else errors.push(...read.errors);
  }
  return { query: { terms, sort }, errors };
}

/** The first value (free text, or a qualifier's list item) longer than MAX_VALUE_LENGTH, if any. */
function longValue(raw: RawTerm): Item | undefined {
  if (!raw.name) return raw.value.text.length > MAX_VALUE_LENGTH ? raw.value : undefined;
  return listItems(raw.value).find((i) => i.text.length > MAX_VALUE_LENGTH);
}

type TermBody = Term extends infer T ? (T extends Term ? Omit<T, 'from' | 'to' | 'negated'> : never) : never;
type ReadTerm = { ok: true; value: TermBody } | { ok: false; errors: QueryError[] };

function readTerm(name: TermQualifier, raw: RawTerm): ReadTerm {
  const items = listItems(raw.value);
  const empty = items.find((i) => i.text === '' && !raw.value.quoted);
  if (empty) return { ok: false, errors: [{ code: 'emptyListItem', qualifier: name, from: empty.from, to: empty.to }] };
  const kind = TERM_KIND[name];
  switch (kind) {
    case 'status':
      return all(
        items,
        (i) => readWord(i, name, STATUS_VALUES, statusByNumber),
        (values) => ({ kind, values }),
      );
    case 'progress':
    case 'code':
      return all(
        items,
        (i) => (kind === 'code' ? readCode(i, name) : readProgress(i, name)),
        (tests: Comparison[]) => ({ kind: 'number', field: kind, tests }),
      );
    case 'age':
    case 'updated':
    case 'eta':
      return all(
        items,
        (i) => readDuration(i, name),
        (tests) => ({ kind: 'duration', field: kind, tests }),
      );
    case 'has':
      return all(
        items,
        (i) => readWord<HasWhat>(i, name, HAS_VALUES),
        (what) => ({ kind, what }),
      );
    case 'id':
      return { ok: true, value: { kind, patterns: items.map((i) => i.text) } };
    case 'stalled':
      if (items.length > 1) return { ok: false, errors: [{ code: 'notAList', qualifier: name, from: raw.value.from, to: raw.value.to }] };
      return all(
        items,
        (i) => readWord(i, name, YES_NO),
        ([value]) => ({ kind, value: value! }),
      );
  }
}

function all<T>(items: Item[], read: (item: Item) => Read<T>, make: (values: T[]) => TermBody): ReadTerm {
  const values: T[] = [];
  const errors: QueryError[] = [];
  for (const item of items) {
    const r = read(item);
    if (r.ok) values.push(r.value);
    else errors.push(r.error);
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: make(values) };
}

const statusByNumber = (text: string): StatusGroup | undefined => {
  const n = Number(text);
  return /^[0-9]$/.test(text) && isKnownTaskStatus(n) ? n : undefined;
};

function readWord<T>(item: Item, qualifier: string, words: ReadonlyMap<string, T>, fallback?: (text: string) => T | undefined): Read<T> {
  const found = words.get(item.text.toLowerCase()) ?? fallback?.(item.text);
  if (found !== undefined) return { ok: true, value: found };
  const at = { from: item.from, to: item.to };
  if (/^[<>=]/.test(item.text)) return { ok: false, error: { code: 'comparisonNotAllowed', qualifier, value: item.text, ...at } };
  const allowed = [...words.keys()];
  return {
    ok: false,
    error: { code: 'unknownValue', qualifier, value: item.text, allowed, suggestion: nearest(item.text.toLowerCase(), allowed), ...at },
  };
}

function readSort(raw: RawTerm, negated: boolean, seen: boolean): Read<QuerySort> {
  const at = { from: raw.from, to: raw.to };
  if (negated) return { ok: false, error: { code: 'negatedSort', ...at } };
  if (seen) return { ok: false, error: { code: 'duplicateSort', ...at } };
  const text = raw.value.text.toLowerCase();
  const descending = text.endsWith(SORT_DESCENDING_SUFFIX);
  const key = text.endsWith(SORT_DESCENDING_SUFFIX) || text.endsWith(SORT_ASCENDING_SUFFIX) ? text.slice(0, text.lastIndexOf('-')) : text;
  const found = SORT_KEYS.find((k) => k === key);
  if (found) return { ok: true, value: { key: found, descending, ...at } };
  const value = raw.value;
  return {
    ok: false,
    error: {
      code: 'unknownValue',
      qualifier: 'sort',
      value: value.text,
      allowed: SORT_VALUES,
      suggestion: nearest(text, SORT_VALUES),
      from: value.from,
      to: value.to,
    },
  };
}
