import { startTransition, useEffect, useMemo, useState } from 'react';
import { useClock } from '@/hooks/use-now';
import { positionsWritten, sortRows, warmUpSort, type WatchedTask } from '../../rows';
import {
  parseQuery,
  type ParsedQuery,
  printQuery,
  readsClock,
  type QueryContext,
  type SortKey,
  createRowFilter,
  type FilterRun,
  warmUpFilter,
  useWorkerRows,
  type KeptCounts,
} from '../../query';
import { fillFirstSeenInIdle, firstSeenIn, firstSeenTimes } from '../../history';
import { sortKeyBy } from './task-columns';

/** How often a query on times (`updated:<1h`, `stalled:yes`) filters again between poll updates. */
const CLOCK_STEP_MS = 5_000;

const NO_ROWS: readonly WatchedTask[] = [];
/** The sort the warm-up reads the rows with: by update time, the one operators take first. */
const WARM_SORT_KEY = sortKeyBy('updated')!;

type QueryRows = {
  parsed: ParsedQuery;
  /** The rows the query keeps, in its order: while a new query is still being read, the last one's. */
  shown: readonly WatchedTask[];
  /** How many shown rows have a link and how many failed, when the list's worker counted them (else null: count them). */
  counts: KeptCounts | null;
  /** Rows remain to be read for the query as it is now (`shown` is the last result until they are). */
  filtering: boolean;
  /** `shown` is a result read before, not the empty list that stands in until the first result is read. */
  resultShown: boolean;
  sort: SortKey;
  descending: boolean;
};

/**
 * The watch list through the query: parsed when the text changes; filtered when what the query means changes (its
 * canonical print: spacing, or a term still being typed and so left out, does not filter again), on each poll update
 * (`version`) and, for a query on times, every CLOCK_STEP_MS; then sorted (sort-rows.ts). The filter (query/row-filter.ts) narrows
 * the last results when the query refines one and reads a slice at a time: the first slice in this render, the rest
 * in tasks of their own, after which the list renders once more with the rows.
 */
export function useQueryRows(rows: readonly WatchedTask[], version: number, text: string, stallMs: number): QueryRows {
  const parsed = useMemo(() => parseQuery(text), [text]);
  const canonical = printQuery(parsed.query);
  const query = useMemo(() => parseQuery(canonical).query, [canonical]);
  const clocked = readsClock(query);
  // Only a query on times reads the clock (in steps): any other filters on poll updates alone.
  const now = useClock((n) => (clocked ? n - (n % CLOCK_STEP_MS) : 0));
  const sort = query.sort?.key ?? 'list';
  const descending = query.sort?.descending ?? false;
  const [filter] = useState(createRowFilter);
  // When the console first saw each task (for `age:`), read as a query runs, so the list does not render with each history
  // write. One reader per rows array: the filter keeps its results while it stays the same.
  const firstSeen = useMemo(() => firstSeenIn(rows), [rows]);
  // Those times looked up in idle moments, so a first `age:` query reads an array, not the history's map.
  useEffect(() => fillFirstSeenInIdle(rows), [rows]);
  // The query's tests compiled in an idle moment, before the operator's first query over a long list (warm-up-filter.ts).
  useEffect(() => warmUpFilter(rows, { stallMs, firstSeen }), [rows, stallMs, firstSeen]);
  // The sort compiled in an idle moment, before the operator sorts a long list (sort-rows.ts).
  useEffect(() => warmUpSort(rows, WARM_SORT_KEY), [rows]);
  const ctx = useMemo<QueryContext>(
    () => ({ now, stallMs, firstSeen, firstSeenTimes: () => firstSeenTimes(rows) }),
    [now, stallMs, firstSeen, rows],
  );
  // A long list is filtered and sorted in the list's worker once it has the rows (query/worker/); else here.
  const fromWorker = useWorkerRows(rows, version, query, ctx, sort, descending);
  const inWorker = fromWorker !== null;
  // Set when a run finishes in tasks of its own: the list renders again with its rows.
  const [, setFinished] = useState<FilterRun | null>(null);
  const run = useMemo(() => {
    if (inWorker) return null;
    // After a poll update, the rows it wrote are read again, not the whole list (positionsWritten).
    const written = (since: number) => positionsWritten(rows, since, version);
    const r = filter.start({ rows, version, terms: query.terms, ctx, written });
    r.step();
    return r;
  }, [inWorker, filter, rows, version, query, ctx]);
  useEffect(() => {
    if (!run || run.result) return;
    // The rest of the rows a task at a time; a newer run (query, poll update, clock step) stops this one.
    return run.resume(() => startTransition(() => setFinished(run)));
  }, [run]);
  // While rows remain to read, the last rows a run finished with. Before the first, no rows rather than every row: a
  // stored query at 100,000 tasks would otherwise show the whole list as if it matched, for the first slices.
  const filtered = run ? (run.result ?? filter.last ?? (query.terms.length === 0 ? rows : NO_ROWS)) : NO_ROWS;
  const resultShown = fromWorker ? fromWorker.shown !== null || filter.last !== null : filtered !== NO_ROWS;
  const reading = run ? run.result === null : fromWorker!.reading;
  // How each result was last drawn, for the rows as of `version`.
  const [drawn] = useState(() => new WeakMap<readonly WatchedTask[], { version: number; shown: readonly WatchedTask[] }>());
  const shown = useMemo(() => {
    // The worker's answer; before its first, what the list last drew itself (as the list does while its own run reads).
    if (fromWorker) return fromWorker.shown ?? (filter.last ? (drawn.get(filter.last)?.shown ?? filter.last) : NO_ROWS);
    // While rows remain to read, the last result stays as it was drawn, even when the new query sorts otherwise: sorting
    // it again is thrown away when the run ends. A pasted query with a sort at 100,000 rows sorted all of them for the
    // frames before its ~20,000 came (issue 38). After a poll update it is sorted again, its rows being newer.
    const before = reading ? drawn.get(filtered) : undefined;
    if (before?.version === version) return before.shown;
    const sorted = sortRows(filtered, sortKeyBy(sort), descending);
    drawn.set(filtered, { version, shown: sorted });
    return sorted;
  }, [fromWorker, filter, drawn, filtered, version, sort, descending, reading]);
  const counts = fromWorker?.shown ? fromWorker.counts : null;
  return { parsed, shown, counts, filtering: reading, resultShown, sort, descending };
}
