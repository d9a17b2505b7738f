import { startTransition, useEffect, useState } from 'react';
import type { WatchedTask } from '../../rows';
import { readsFirstSeen, type QueryContext } from '../language/compile-query';
import type { Query, SortKey } from '../language/query-ast';
import type { KeptCounts } from './list-search';
import { listWorkerReady, releaseListWorker, rowsAt, searchInListWorker, syncListWorker } from './list-worker';

/** The list's rows as the worker last found them for a query. */
type Answer = {
  rows: readonly WatchedTask[];
  query: Query;
  stallMs: number;
  firstSeen: QueryContext['firstSeen'];
  sort: SortKey;
  descending: boolean;
  shown: readonly WatchedTask[];
  counts: KeptCounts;
};

export type WorkerRows = {
  /**
   * The rows the query keeps, sorted: the last answer while a newer one is being read; null before a first answer since
   * the list last read its query itself (it shows what it last drew meanwhile).
   */
  shown: readonly WatchedTask[] | null;
  /** The shown rows' counts, as the worker kept them (null with `shown`). */
  counts: KeptCounts | null;
  /** The query, sort or stall setting changed and the worker has not answered yet. */
  reading: boolean;
};

/**
 * A long list (WORKER_FROM rows or more) through its query in the list's worker: the page keeps the worker's copy of the
 * rows in step and, once the worker has it whole, sends it each query, poll update and clock step, and shows the
 * rows it answers with. Null while the page reads this list itself: a short list, no query, the copy not whole yet.
 * After a poll update or clock step, the last answer stays until the next one comes, without saying "filtering" again.
 */
export function useWorkerRows(
  rows: readonly WatchedTask[],
  version: number,
  query: Query,
  ctx: QueryContext,
  sort: SortKey,
  descending: boolean,
): WorkerRows | null {
  // As the list renders, so a search sent after it reads the rows of this render (idempotent for the same version).
  syncListWorker(rows, version);
  // The list leaves the page (or reads another rows array, already sent anew): the worker's copy of these goes.
  useEffect(() => () => releaseListWorker(rows), [rows]);
  const active = query.terms.length > 0 && listWorkerReady(rows, version);
  const [answer, setAnswer] = useState<Answer | null>(null);
  // The list reads its query itself now: an answer kept from before would be older than what it draws then.
  if (!active && answer !== null) setAnswer(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    // `age:` reads a copy of the first-seen times the page has by position: a time not known yet matches nothing, until
    // the page's idle fill finds it in the history (first-seen-by-position.ts).
    const times = query.terms.some(readsFirstSeen) ? ctx.firstSeenTimes?.() : undefined;
    const { now, stallMs, firstSeen } = ctx;
    void searchInListWorker(rows, version, { terms: [...query.terms], now, stallMs, sort, descending, firstSeen: times }).then((found) => {
      if (!live || !found) return;
      const { positions, counts } = found;
      const shown = rowsAt(rows, positions);
      startTransition(() => setAnswer({ rows, query, stallMs, firstSeen, sort, descending, shown, counts }));
    });
    return () => {
      live = false;
    };
  }, [active, rows, version, query, ctx, sort, descending]);
  // The last answer as it came. After a poll update the rows it wrote show as they were until the next answer, a
  // moment later: read again at the new version here, the list would draw twice per update (issue 38).
  const shown = answer?.shown ?? null;
  const counts = answer?.counts ?? null;
  if (!active) return null;
  const reading =
    !answer ||
    answer.rows !== rows ||
    answer.query !== query ||
    answer.stallMs !== ctx.stallMs ||
    answer.firstSeen !== ctx.firstSeen ||
    answer.sort !== sort ||
    answer.descending !== descending;
  return { shown, counts, reading };
}
