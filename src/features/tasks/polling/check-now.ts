import type { QueryClient } from '@tanstack/react-query';
import type { Connection } from '@/lib/connection-profile';
import { recordDelta } from '../rows';
import type { TaskBoard } from '../task';
import { watchListPollKey } from './poll-watch-list';

// The operator's "check now" actions on the poller, loaded when first used (the first-visit bundle stays in budget).

/** "Refresh now": the next cycle takes every task that is not terminal (marked on the board, since a refetch takes no arguments). */
export function refreshAll(client: QueryClient, connection: Connection): Promise<unknown> {
  const queryKey = watchListPollKey(connection);
  const query = client.getQueryCache().find<TaskBoard>({ queryKey, exact: true });
  // setState, not setQueryData: a failing poller stays failing (and its banner stays) until the refetch answers.
  const board = query?.state.data;
  if (board) query.setState({ data: recordDelta({ ...board, refreshAll: true }, board, []) });
  return client.refetchQueries({ queryKey, exact: true });
}

/**
 * Check tasks just added (typed, imported, or a shared link): a cycle in flight finishes first and
 * the next starts at once, taking the new IDs (never checked, so due). A refetch would cancel the
 * running cycle and throw its answers away: at 100,000 tasks the first cycle is 1,000 requests.
 */
export async function checkAddedTasks(client: QueryClient, connection: Pick<Connection, 'gatewayUrl' | 'userId'>): Promise<void> {
  const queryKey = watchListPollKey(connection);
  const running = client.getQueryCache().find<TaskBoard>({ queryKey, exact: true });
  if (running?.state.fetchStatus === 'fetching') await running.promise?.catch(() => undefined);
  await client.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false });
}
