import type { WatchedTask } from '../rows';
import type { QueryContext } from './language/compile-query';
import { parseQuery } from './language/parse-query';
import { createRowFilter } from './row-filter';

/** A list shorter than this filters within a key's budget cold. */
const WARM_FROM = 16_384;
/** Rows each warm-up round reads: enough calls of each test for the JIT, about a millisecond a round. */
const WARM_ROWS = 2_048;
/** One term of every kind, negated and not, reading the fields and the clock as an operator's query does. */
export const WARM_QUERY =
  'status:failed,aborted,running code:>3000 progress:<100 updated:<3h age:>1m eta:<1h -id:*f0f* -stalled:yes has:code,result ai_ -x9';

let warmed = false;

/** For tests: a new page, not warmed yet. */
export const forgetWarmUp = () => void (warmed = false);

/**
 * Has the JIT compile the query's tests and the filter's loop before an operator's first query over a long list, when
 * the browser is idle, once a page: three rounds over the list's first 2,048 rows of a term of each kind alone, then of
 * all of them ANDed, each in a filter of its own (the list's keeps its results), a round per idle callback. The first
 * query of a page otherwise ran them cold: the filter's first slice of a pasted query at 100,000 rows took 8.9 ms in
 * the render (docs/performance/issue-38-speed-at-scale.md). Returns a cancel for a list gone first.
 */
export function warmUpFilter(rows: readonly WatchedTask[], ctx: Omit<QueryContext, 'now'>): () => void {
  if (warmed || rows.length < WARM_FROM || typeof requestIdleCallback !== 'function') return () => {};
  let round = 0;
  const warmRound = () => {
    warmed = true;
    // Slots the list has not derived yet (it fills its array in slices) are left out.
    const sample = rows.slice(0, WARM_ROWS).filter((row) => row !== undefined);
    const { terms } = parseQuery(WARM_QUERY).query;
    // Each term alone, so every test reads every row (ANDed, most rows stop at the first), then all of them ANDed.
    for (const query of [...terms.map((term) => [term]), terms]) {
      // A filter per run, so each reads the rows (one kept from an earlier run would answer it).
      const run = createRowFilter().start({ rows: sample, version: round, terms: query, ctx: { ...ctx, now: Date.now() } });
      while (!run.step());
    }
    if (++round < 3) id = requestIdleCallback(warmRound);
  };
  let id = requestIdleCallback(warmRound);
  return () => cancelIdleCallback(id);
}
