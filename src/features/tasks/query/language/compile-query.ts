import type { WatchedTask } from '../../rows';
import { estimateRemainingMs, isStalled } from '../../task';
import type { CompareOp, Comparison, DurationField, HasWhat, Query, Term } from './query-ast';
import { compileContains, compileGlob, globMatches } from './glob';
import { TaskStatus } from '@/contract';

/**
 * What a query's tests read of a row: a watch-list row, or the copy of one a worker filters (its snapshot there only for a
 * running task, the one kind whose snapshot a test reads). `idLower`: the ID lower-cased if it is all ASCII, else null
 * (glob.ts). The list's worker keeps it for each row, as free text and `id:` read it for every row; the page's rows do
 * not (at 100,000 tasks, 100,000 strings on the page's heap for a search the worker does): the page's filter, for a
 * list too short to send the worker, lower-cases each ID as it reads it.
 */
export type QueryRow = Pick<
  WatchedTask,
  'id' | 'index' | 'snapshot' | 'group' | 'progress' | 'updateTime' | 'downloadUrl' | 'taskStatus' | 'errorCode'
> & { idLower?: string | null };

/** What a query reads besides the row: the clock, the stall setting, and when the console first saw a task (task history). */
export type QueryContext = {
  now: number;
  stallMs: number;
  /** When this console first saw the row's task (its history's firstSeen), if it has: by its place in the list, or its ID. */
  firstSeen: (row: Pick<QueryRow, 'id' | 'index'>) => number | undefined;
  /** The same times known so far by position (NaN: not known yet), where the caller keeps them: a worker gets a copy. */
  firstSeenTimes?: () => Float64Array;
};

export type RowPredicate = (row: QueryRow) => boolean;

const OP_CODE: Record<CompareOp, number> = { '<': 0, '<=': 1, '>': 2, '>=': 3, '=': 4 };

/** A comparison list as two flat arrays, read with a loop: no closure or object per row. */
function compileTests(tests: readonly Comparison[]): (v: number) => boolean {
  const ops = Int8Array.from(tests, (t) => OP_CODE[t.op]);
  const values = Float64Array.from(tests, (t) => t.value);
  return (v) => {
    for (let i = 0; i < ops.length; i++) {
      const x = values[i]!;
      const op = ops[i];
      if (op === 0 ? v < x : op === 1 ? v <= x : op === 2 ? v > x : op === 3 ? v >= x : v === x) return true;
    }
    return false;
  };
}

/** The time a duration qualifier measures for a row (ms), or null when the row has none. */
function durationOf(field: DurationField, ctx: QueryContext): (row: QueryRow) => number | null {
  const { now } = ctx;
  switch (field) {
    case 'age':
      return (row) => {
        const seen = ctx.firstSeen(row);
        return seen === undefined ? null : now - seen;
      };
    case 'updated':
      return (row) => (row.updateTime === null ? null : now - row.updateTime);
    case 'eta':
      return (row) => (running(row) && row.snapshot ? estimateRemainingMs(row.snapshot, now) : null);
  }
}

// A test reads the row's own fields (task-rows.ts) before its snapshot: at 100,000 rows, a pointer chase to the
// snapshot and its answer per row cost more than the rest of a pasted query's tests (issue 38). Only a running task
// has an ETA or a stall (eta.ts), so those read the snapshot only for one.
const running = (row: QueryRow) => row.taskStatus === TaskStatus.running;

const HAS: Record<HasWhat, (ctx: QueryContext) => RowPredicate> = {
  result: () => (row) => row.downloadUrl !== null,
  code: () => (row) => !!row.errorCode,
  eta:
    ({ now }) =>
    (row) =>
      running(row) && row.snapshot !== undefined && estimateRemainingMs(row.snapshot, now) !== null,
};

function compileTerm(term: Term, ctx: QueryContext): RowPredicate {
  switch (term.kind) {
    case 'text': {
      const glob = compileContains(term.text);
      return (row) => globMatches(glob, row.id, row.idLower);
    }
    case 'id': {
      const globs = term.patterns.map(compileGlob);
      return (row) => globs.some((g) => globMatches(g, row.id, row.idLower));
    }
    case 'status': {
      const groups = new Set(term.values);
      return (row) => groups.has(row.group);
    }
    case 'number': {
      const test = compileTests(term.tests);
      // Rows without an answer have no progress or code: neither 0 nor anything else.
      if (term.field === 'progress') return (row) => row.taskStatus !== null && test(row.progress);
      return (row) => row.errorCode !== null && test(row.errorCode);
    }
    case 'duration': {
      const test = compileTests(term.tests);
      const measure = durationOf(term.field, ctx);
      return (row) => {
        const v = measure(row);
        return v !== null && test(v);
      };
    }
    case 'stalled': {
      const { now, stallMs } = ctx;
      const want = term.value;
      return (row) => (running(row) && isStalled(row.snapshot, now, stallMs)) === want;
    }
    case 'has': {
      const tests = term.what.map((w) => HAS[w](ctx));
      return tests.length === 1 ? tests[0]! : (row) => tests.some((t) => t(row));
    }
  }
}

/** A term on `age:`: it reads when the console first saw each task (QueryContext.firstSeen). */
export const readsFirstSeen = (t: Term): boolean => t.kind === 'duration' && t.field === 'age';

/** A term whose match can change with no row changing: it reads the clock or the stall setting (updated:, age:, eta:, stalled:, has:eta). */
export const termReadsClock = (t: Term): boolean =>
  t.kind === 'duration' || t.kind === 'stalled' || (t.kind === 'has' && t.what.includes('eta'));

/** A query whose match can change with no row changing (see termReadsClock). */
export const readsClock = (query: Query): boolean => query.terms.some(termReadsClock);

/**
 * A query's terms that read no clock: what they keep changes only with the rows, so a query on times need read again,
 * as the clock moves, only the rows these keep (row-filter.ts).
 */
export const steadyTerms = (terms: readonly Term[]): Term[] => terms.filter((t) => !termReadsClock(t));

/** Cheapest first (AND does not care about order): a field compared, then a clock sum, then a search of the ID. */
const COST: Record<Term['kind'], number> = { status: 0, has: 1, number: 1, stalled: 2, duration: 2, text: 3, id: 3 };

/** One term as a test of a row, a negated one inverted; rebuild it when `ctx.now` moves if the term reads the clock. */
export function compileTermTest(term: Term, ctx: QueryContext): RowPredicate {
  const test = compileTerm(term, ctx);
  return term.negated ? (row: QueryRow) => !test(row) : test;
}

/** Terms in the order a row is best tested in (AND does not care): the cheapest first. */
export const cheapestFirst = (terms: readonly Term[]): Term[] => [...terms].sort((a, b) => COST[a.kind] - COST[b.kind]);

/** Tests ANDed into one. */
export function allOf(tests: readonly RowPredicate[]): RowPredicate {
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0]!;
  return (row) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i]!(row)) return false;
    return true;
  };
}

/**
 * A query made once into a test of a row (globs and sets built here, nothing per row); rebuild it when `ctx.now` moves.
 * Terms are ANDed, a negated one inverted; the sort is not a filter (see Query.sort).
 */
export function compileQuery(query: Query, ctx: QueryContext): RowPredicate {
  return allOf(cheapestFirst(query.terms).map((term) => compileTermTest(term, ctx)));
}

/** The rows a query keeps, in their order (the same array when the query keeps all: no pass over 100,000 rows). */
export function filterRows(rows: readonly WatchedTask[], query: Query, ctx: QueryContext): readonly WatchedTask[] {
  if (query.terms.length === 0) return rows;
  const keep = compileQuery(query, ctx);
  const out: WatchedTask[] = [];
  for (let i = 0; i < rows.length; i++) if (keep(rows[i]!)) out.push(rows[i]!);
  return out;
}
