import type { StatusGroup } from '../../task';

/** Source range of a term or value in the query text: [from, to) in UTF-16 units, for inline marking. */
type Span = { from: number; to: number };

export type CompareOp = '<' | '<=' | '>' | '>=' | '=';
/** One comparison of a list: `<50`, `>=10m`, `3002`. Durations are in ms. */
export type Comparison = { op: CompareOp; value: number };

export type NumberField = 'progress' | 'code';
export type DurationField = 'age' | 'updated' | 'eta';
export type HasWhat = 'result' | 'code' | 'eta';
export type SortKey = 'list' | 'status' | 'progress' | 'updated';

/** One term of a query; terms are ANDed, the values of a list ORed. */
export type Term = Span & { negated: boolean } & (
    | { kind: 'text'; text: string }
    | { kind: 'status'; values: readonly StatusGroup[] }
    | { kind: 'number'; field: NumberField; tests: readonly Comparison[] }
    | { kind: 'duration'; field: DurationField; tests: readonly Comparison[] }
    | { kind: 'id'; patterns: readonly string[] }
    | { kind: 'stalled'; value: boolean }
    | { kind: 'has'; what: readonly HasWhat[] }
  );

export type QuerySort = Span & { key: SortKey; descending: boolean };

/** A parsed query: only the terms that parsed; the others are in the errors. */
export type Query = { terms: readonly Term[]; sort: QuerySort | null };
