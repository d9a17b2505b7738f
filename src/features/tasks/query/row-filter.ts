import type { WatchedTask } from '../rows';
import {
  allOf,
  cheapestFirst,
  compileTermTest,
  readsFirstSeen,
  type QueryContext,
  type RowPredicate,
  steadyTerms,
  termReadsClock,
} from './language/compile-query';
import type { Term } from './language/query-ast';
import { printTerm } from './language/print-query';
import { refines } from './language/refines';

// The watch list through a query, as the operator types it (issue 38: a key costs at most 50 ms at 100,000 rows):
// - incremental: a query that refines one filtered before (a term added, more letters of free text) reads only that
//   one's rows, of the last few results kept for the same rows;
// - a compiled test per term, kept while the term (and, for one on times, the clock) is the same;
// - sliced: rows are read SLICE_WORK units at a time (a count, not a clock, so what a run does is the same on any
//   machine and in tests), the first slice at once, the rest a task each, so no pass is a long task. A new query or
//   poll update starts a new run; the caller stops the old one (newest wins) and shows the last result meanwhile;
// - brought up to date: after a poll update, a kept result reads the rows it wrote; at a new clock step, a query on
//   times reads the rows its other terms keep (kept beside it), not the list.

/**
 * Work per slice: rows × the cost of the terms tested on them (costOf). A unit is about a field test of a row, 10–15 ns
 * in Node on this machine (CPU, loaded): a slice of 200,000 is 2–3 ms, 100,000 rows of a `status:` test one slice.
 */
export const SLICE_WORK = 200_000;
/** Measured per row (scripts/bench, best of 7): a field or a clock sum 9–15 ns, `age:` (the history's map) 93, free text 44–106, a glob 56–120. */
const UNITS: Record<Term['kind'], number> = { status: 1, has: 1, number: 1, stalled: 1, duration: 1, text: 6, id: 10 };
const unitsOf = (t: Term) => (readsFirstSeen(t) ? 8 : UNITS[t.kind]);
/** A row's cost under ANDed terms, cheapest first: the first is always read, most rows stop there or soon after. */
const costOf = (terms: readonly Term[]) => (terms.length ? Math.max(...terms.map(unitsOf)) + terms.length - 1 : 1);
/** Results kept for narrowing (each at most a reference per row). */
const MAX_RESULTS = 6;
/** Compiled terms kept. */
const MAX_TESTS = 64;

/**
 * What a run filters: `rows` as of `version` (written in place by poll updates), through `terms` (ANDed). `written`
 * tells which positions poll updates wrote since an earlier version (null: not known), so the results kept for that
 * version are brought up to date by reading only those rows.
 */
type FilterRequest = {
  rows: readonly WatchedTask[];
  version: number;
  terms: readonly Term[];
  ctx: QueryContext;
  written?: (since: number) => readonly number[] | null;
};

export type FilterRun = {
  /** The rows kept, in list order; null while rows remain to read. */
  readonly result: readonly WatchedTask[] | null;
  /** Rows read so far, and in all (its source: every row, or the result it narrows). */
  readonly examined: number;
  readonly total: number;
  /** Reads one slice; true once done. */
  step(): boolean;
  /** Reads the rest a slice per task, calling `done` after the last; returns a stop (the run can be resumed later). */
  resume(done: () => void): () => void;
};

type Kept = {
  terms: readonly Term[];
  prints: ReadonlySet<string>;
  /** The prints, sorted: one entry per query. */
  key: string;
  clocked: boolean;
  now: number;
  rows: readonly WatchedTask[];
};

/** A result kept for `terms`: their prints, and the key of the query they make whatever their order. */
function keptEntry(terms: readonly Term[], clocked: boolean, now: number, rows: readonly WatchedTask[]): Kept {
  const prints = terms.map(printTerm);
  return { terms, prints: new Set(prints), key: [...prints].sort().join('\n'), clocked, now, rows };
}

export type RowFilter = {
  /** A run of `request`: from the smallest kept result it refines, else every row. */
  start(request: FilterRequest): FilterRun;
  /** The rows the last run to finish kept (null before any): what the list shows while a newer run reads. */
  readonly last: readonly WatchedTask[] | null;
  /** Rows read to bring kept results up to date after poll updates, in all (for tests: a count, not a time). */
  readonly rowsReread: number;
};

/**
 * `kept` (rows in list order, each row's `index` its position) with the rows at `positions` read again through `keep`:
 * those that no longer match go, those that now do come in at their place. The other rows are the same objects.
 */
function patchResult(kept: readonly WatchedTask[], rows: readonly WatchedTask[], positions: readonly number[], keep: RowPredicate) {
  const rewritten = new Uint8Array(rows.length);
  const entering: number[] = [];
  for (const p of positions) {
    if (rewritten[p]) continue;
    rewritten[p] = 1;
    if (keep(rows[p]!)) entering.push(p);
  }
  entering.sort((a, b) => a - b);
  const out: WatchedTask[] = [];
  let e = 0;
  for (const row of kept) {
    if (rewritten[row.index]) continue;
    while (e < entering.length && entering[e]! < row.index) out.push(rows[entering[e++]!]!);
    out.push(row);
  }
  while (e < entering.length) out.push(rows[entering[e++]!]!);
  return out;
}

export function createRowFilter(): RowFilter {
  // Results and tests hold for these rows, this version, stall setting and history reader.
  let rowsOf: readonly WatchedTask[] | null = null;
  let versionOf = -1;
  let stallOf = -1;
  let seenOf: QueryContext['firstSeen'] | null = null;
  let kept: Kept[] = [];
  const tests = new Map<string, RowPredicate>();
  let last: readonly WatchedTask[] | null = null;
  let rowsReread = 0;

  const testOf = (term: Term, print: string, ctx: QueryContext): RowPredicate => {
    const key = termReadsClock(term) ? `${print}\u0000${ctx.now}` : print;
    let test = tests.get(key);
    if (!test) {
      if (tests.size >= MAX_TESTS) tests.clear();
      test = compileTermTest(term, ctx);
      tests.set(key, test);
    }
    return test;
  };
  /** Terms ANDed, each compiled once (testOf), in the order given. */
  const testsOf = (terms: readonly Term[], ctx: QueryContext) => allOf(terms.map((t) => testOf(t, printTerm(t), ctx)));

  /**
   * The kept results brought to `rows` as of a newer version by reading only the rows written since (a poll update
   * writes the live tasks' rows, 1,000 of 100,000). A result on times at another clock step is dropped: its query is
   * read again from the rows its other terms keep (see `keepsSteady`). A result on `age:` is brought up to date like
   * any other: a first-seen time recorded after its row was read (the history loading, the first cycle's records
   * written in slices) is read at the next clock step, as a time crossing a bound is.
   */
  const bringUpToDate = (rows: readonly WatchedTask[], positions: readonly number[], ctx: QueryContext) => {
    kept = kept.flatMap((k) => {
      if (k.clocked && k.now !== ctx.now) return [];
      const keep = testsOf(cheapestFirst(k.terms), ctx);
      rowsReread += positions.length;
      const patched = patchResult(k.rows, rows, positions, keep);
      if (last === k.rows) last = patched;
      return [{ ...k, rows: patched }];
    });
  };

  return {
    get last() {
      return last;
    },
    get rowsReread() {
      return rowsReread;
    },
    start({ rows, version, terms, ctx, written }) {
      if (rows !== rowsOf || version !== versionOf || ctx.stallMs !== stallOf || ctx.firstSeen !== seenOf) {
        // The rows written since are asked for only when a kept result can use them.
        const same = kept.length > 0 && rows === rowsOf && version > versionOf && ctx.stallMs === stallOf && ctx.firstSeen === seenOf;
        const positions = same ? (written?.(versionOf) ?? null) : null;
        if (positions) bringUpToDate(rows, positions, ctx);
        else {
          kept = [];
          tests.clear();
        }
        rowsOf = rows;
        versionOf = version;
        stallOf = ctx.stallMs;
        seenOf = ctx.firstSeen;
      }
      const prints = terms.map(printTerm);
      const clocked = terms.some(termReadsClock);
      // The smallest kept result this query refines (one on times only at the same clock).
      let from: Kept | null = null;
      for (const k of kept)
        if ((!k.clocked || k.now === ctx.now) && (!from || k.rows.length < from.rows.length) && refines(terms, k.terms)) from = k;
      const source = from?.rows ?? rows;
      // Only the terms the source did not already hold.
      const fresh = cheapestFirst(terms.filter((_, i) => !from?.prints.has(prints[i]!)));
      // A query on times also keeps the rows its other terms keep (`steady`), when this run reads them: at the next
      // clock step only those rows are read again, with the terms on times.
      const steady = steadyTerms(terms);
      const freshSteady = steadyTerms(fresh);
      const keepsSteady =
        clocked && freshSteady.length > 0 && freshSteady.length < fresh.length && (!from || (!from.clocked && refines(steady, from.terms)));
      // Either every fresh term at once, or the steady ones first, then the ones on times over the rows they keep.
      const keep = testsOf(keepsSteady ? freshSteady : fresh, ctx);
      const keepTimed = keepsSteady ? testsOf(fresh.filter(termReadsClock), ctx) : null;
      const perSlice = Math.max(1, Math.floor(SLICE_WORK / costOf(fresh)));
      const out: WatchedTask[] = [];
      const steadyRows: WatchedTask[] = [];
      let at = 0;
      let result: readonly WatchedTask[] | null = null;
      const finish = (rowsKept: readonly WatchedTask[]) => {
        result = rowsKept;
        last = rowsKept;
        if (terms.length === 0) return;
        const entries = [keptEntry(terms, clocked, ctx.now, rowsKept)];
        if (keepsSteady) entries.push(keptEntry(steady, false, 0, steadyRows));
        kept = [...entries, ...kept.filter((k) => entries.every((e) => e.key !== k.key))].slice(0, MAX_RESULTS);
      };
      // Nothing new to test: the source is the answer (the same rows, or a query said again).
      if (fresh.length === 0) finish(source);

      const run: FilterRun = {
        get result() {
          return result;
        },
        get examined() {
          return at;
        },
        total: fresh.length === 0 ? 0 : source.length,
        step() {
          if (result) return true;
          const end = Math.min(source.length, at + perSlice);
          if (keepTimed)
            for (let i = at; i < end; i++) {
              const row = source[i]!;
              if (!keep(row)) continue;
              steadyRows.push(row);
              if (keepTimed(row)) out.push(row);
            }
          else for (let i = at; i < end; i++) if (keep(source[i]!)) out.push(source[i]!);
          at = end;
          if (at === source.length) finish(out);
          return result !== null;
        },
        resume(done) {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const next = () => {
            if (run.step()) done();
            else timer = setTimeout(next, 0);
          };
          timer = setTimeout(next, 0);
          return () => clearTimeout(timer);
        },
      };
      return run;
    },
  };
}
