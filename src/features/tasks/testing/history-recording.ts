import type { QueryClient } from '@tanstack/react-query';
import { item } from './snapshots';
import { mergeBoard } from '../status-worker/merge-board';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';
import { startTaskHistory, taskHistoryStore } from '../history/task-history-recorder';
import { watchListStore } from '../watch-list/watch-list-store';

/** The poller's key the history tests record under (scope `["/api","42"]`). */
export const POLL_KEY = ['task-status', '/api', '42', 'watch-list'] as const;

/**
 * The history recorder started on `client` with `ids` watched, and the poller's first answer stored (every task Queued
 * at 1,000 ms, `requests` requests): resolves with that board once the recorder has published (its load tried).
 */
export async function recordFirstAnswers(client: QueryClient, ids: readonly string[], requests = 1): Promise<TaskBoard> {
  watchListStore.set({ scope: 'test', ids, loaded: true });
  const published = new Promise<void>((ok) => void taskHistoryStore.subscribe(() => ok()));
  startTaskHistory(client);
  const board = mergeBoard(
    EMPTY_BOARD,
    ids,
    ids.map((id) => item(id, 2)),
    1_000,
    requests,
  );
  client.setQueryData(POLL_KEY, board);
  await published;
  return board;
}
