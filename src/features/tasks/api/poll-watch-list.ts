import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TaskStatusItem } from '@/contract';
import { connectionScope, type Connection } from '@/lib/connection-profile';
import { useActiveConnection } from '@/lib/connection-store';
import { batchIds, mapLimit } from '../utils/batch-ids';
import { mergeBoard } from '../utils/merge-board';
import { backoffDelay, dueTaskIds, nextPollDelay } from '../utils/poll-schedule';
import { EMPTY_BOARD, type TaskBoard } from '../utils/task-snapshot';
import { watchListStore } from '../stores/watch-list-store';
import { taskStatusQueryOptions } from './get-task-status';

/** Batches in flight at once: enough to finish 10,000 IDs quickly without queueing behind the browser's per-host limit. */
const CONCURRENT_BATCHES = 4;

// "Refresh now" widens one cycle to every non-terminal task; a flag, because a refetch takes no arguments.
let forceNextCycle = false;

// Consecutive failed cycles per poller. react-query resets fetchFailureCount at the start of
// every fetch, so with retry off it never counts past 1 and cannot drive a backoff.
export type PollFailures = { count: number; at: number };
const failures = new Map<string, PollFailures>();
const keyOf = (connection: Connection) => ['task-status', ...connectionScope(connection), 'watch-list'] as const;

export function pollFailures(connection: Connection): PollFailures | undefined {
  return failures.get(JSON.stringify(keyOf(connection)));
}

async function fetchBatches(client: QueryClient, connection: Connection, ids: string[], signal: AbortSignal) {
  const batches = batchIds(ids);
  const cancel = () => batches.forEach((b) => void client.cancelQueries({ queryKey: taskStatusQueryOptions(connection, b).queryKey }));
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const answers = await mapLimit(batches, CONCURRENT_BATCHES, (b) => client.fetchQuery(taskStatusQueryOptions(connection, b)));
    return { answers: answers.flat() as TaskStatusItem[], requests: batches.length };
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * The one poller for the whole watch list. Its data is the board of every snapshot; each cycle
 * asks only for the tasks that are due (see poll-schedule.ts). The watch list is read from its
 * store rather than the key, so adding IDs does not restart the poller or drop the board.
 */
export function watchListPollQueryOptions(connection: Connection, intervalMs: number) {
  const queryKey = keyOf(connection);
  const hash = JSON.stringify(queryKey);
  return queryOptions({
    queryKey,
    queryFn: async ({ client, signal }): Promise<TaskBoard> => {
      const prev = client.getQueryData<TaskBoard>(queryKey) ?? EMPTY_BOARD;
      const force = forceNextCycle;
      forceNextCycle = false;
      const due = dueTaskIds(watchListStore.get(), prev.tasks, Date.now(), intervalMs, force);
      if (due.length === 0) return prev;
      try {
        const { answers, requests } = await fetchBatches(client, connection, due, signal);
        failures.delete(hash);
        return mergeBoard(prev, due, answers, Date.now(), requests);
      } catch (error) {
        if (!signal.aborted) failures.set(hash, { count: (failures.get(hash)?.count ?? 0) + 1, at: Date.now() });
        throw error;
      }
    },
    refetchInterval: (query) => {
      if (intervalMs <= 0) return false;
      const { status, data } = query.state;
      if (status === 'error') return backoffDelay(failures.get(hash)?.count ?? 1, intervalMs);
      return nextPollDelay(watchListStore.get(), (data ?? EMPTY_BOARD).tasks, Date.now(), intervalMs);
    },
    // A hidden tab's interval ticks are skipped; becoming visible refetches at once (catch-up).
    refetchOnWindowFocus: true,
    structuralSharing: false,
    retry: false,
  });
}

export function useWatchListPoll(intervalMs: number, hasIds: boolean) {
  const connection = useActiveConnection();
  return useQuery({ ...watchListPollQueryOptions(connection, intervalMs), enabled: hasIds && connection.userId !== '' });
}

export function requestFullRefresh(): void {
  forceNextCycle = true;
}
