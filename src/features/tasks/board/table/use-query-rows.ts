import { useMemo } from 'react';
import { useClock } from '@/hooks/use-now';
import { type WatchedTask, queryRows } from '../../rows';
import { parseQuery, type ParsedQuery, printQuery, compileQuery, readsClock, type QueryContext, type SortKey } from '../../query';
import { taskHistoryStore } from '../../history';
import { compareBy } from './task-columns';

/** When this console first saw a task (for `age:`): read when a query is compiled, so the list does not render with each history write. */
const firstSeen = (id: string) => taskHistoryStore.get().records.get(id)?.firstSeen;

/** How often a query on times (`updated:<1h`, `stalled:yes`) filters again between poll updates. */
const CLOCK_STEP_MS = 5_000;

type QueryRows = {
  parsed: ParsedQuery;
  /** The rows the query keeps, in its order. */
  shown: readonly WatchedTask[];
  sort: SortKey;
  descending: boolean;
};

/**
 * The watch list through the query: parsed when the text changes; filtered and sorted when what the query
 * means changes (its canonical print: spacing, or a term still being typed and so left out, does not filter
 * 100,000 rows again), on each poll update (`version`) and, for a query on times, every CLOCK_STEP_MS.
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
  const shown = useMemo(
    () => {
      const ctx: QueryContext = { now, stallMs, firstSeen };
      const keep = query.terms.length ? compileQuery(query, ctx) : null;
      return queryRows(rows, keep, compareBy(sort), descending);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version: poll updates write the rows array in place
    [rows, version, query, now, sort, descending, stallMs],
  );
  return { parsed, shown, sort, descending };
}
