import { queryOptions, type QueryState } from '@tanstack/react-query';
import { connectionScope, type Connection } from '@/lib/connection';
import { recordDelta, boardRows } from '../rows';
import { backoffDelay, delayUntilDue, dueTaskIds, dueTimes, type DueTimes } from './poll-schedule';
import { EMPTY_BOARD, type TaskBoard } from '../task';
import { watchListStore } from '../watch-list';

/** The poller's query key: the profile's gateway and user, never the token. */
export const watchListPollKey = (connection: Pick<Connection, 'gatewayUrl' | 'userId'>) =>
  ['task-status', ...connectionScope(connection), 'watch-list'] as const;

/**
 * Failed cycles in a row, read from the query itself. react-query resets fetchFailureCount at
 * the start of every fetch, so with retry off it never counts past 1; errorUpdateCount only grows,
 * and each good board records where it stood.
 */
export function failuresInARow({
  status,
  errorUpdateCount,
  data,
}: Pick<QueryState<TaskBoard>, 'status' | 'errorUpdateCount' | 'data'>): number {
  return status === 'error' ? Math.max(1, errorUpdateCount - (data?.errorsSeen ?? 0)) : 0;
}

/**
 * When each board's open tasks fall due, found once per board, list and interval: react-query asks for the next delay
 * whenever a view of the poll renders (the page's clock, each update), and reading the ~1,000 open tasks each time was
 * ~1 ms of every poll update at 100,000 / 1,000 (issue 38). Each cycle ends with a new board, read anew; one whose tasks a
 * cycle in slices is still writing keeps its delays until that cycle's board comes.
 */
const dueByBoard = new WeakMap<TaskBoard, { ids: readonly string[]; intervalMs: number; due: DueTimes }>();

function dueOn(board: TaskBoard, intervalMs: number): DueTimes {
  const { ids } = watchListStore.get();
  const known = dueByBoard.get(board);
  if (known?.ids === ids && known.intervalMs === intervalMs) return known.due;
  const due = dueTimes(boardRows(ids, board).open, board.tasks, intervalMs);
  dueByBoard.set(board, { ids, intervalMs, due });
  return due;
}

/**
 * The one poller for the whole watch list. Its data is the board of every snapshot; each cycle
 * asks only for the tasks that are due (see poll-schedule.ts), calling the status operation
 * (in the status worker, poll-cycle.ts) with the query's own signal. The watch list is read from its store rather than the
 * key, so adding IDs does not restart the poller or drop the board.
 */
export function watchListPollQueryOptions(connection: Connection, intervalMs: number) {
  const queryKey = watchListPollKey(connection);
  return queryOptions({
    queryKey,
    queryFn: async ({ client, signal }): Promise<TaskBoard> => {
      const prev = client.getQueryData<TaskBoard>(queryKey) ?? EMPTY_BOARD;
      const errorsSeen = client.getQueryState(queryKey)?.errorUpdateCount ?? 0;
      // Only tasks that are not terminal can be due: the open set, kept up to date with each board.
      const { open } = boardRows(watchListStore.get().ids, prev);
      const due = dueTaskIds(open, prev.tasks, Date.now(), intervalMs, prev.refreshAll);
      if (due.length === 0) return recordDelta({ ...prev, errorsSeen, refreshAll: false }, prev, []);
      // The cycle (requests in the status worker, merging here) loads with the first one: the first-visit bundle stays in budget.
      const { pollCycle } = await import('./poll-cycle');
      return pollCycle(connection, prev, due, signal, errorsSeen);
    },
    refetchInterval: (query) => {
      if (intervalMs <= 0) return false;
      if (query.state.status === 'error') return backoffDelay(failuresInARow(query.state), intervalMs);
      return delayUntilDue(dueOn(query.state.data ?? EMPTY_BOARD, intervalMs), Date.now(), intervalMs);
    },
    // A hidden tab's interval ticks are skipped; becoming visible refetches at once (catch-up).
    refetchOnWindowFocus: true,
    structuralSharing: false,
    retry: false,
  });
}
