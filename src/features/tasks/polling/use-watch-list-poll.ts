import { useQuery } from '@tanstack/react-query';
import { useActiveConnection } from '@/hooks/use-connection';
import type { DashboardSettings } from './dashboard-settings-store';
import { watchListPollQueryOptions } from './poll-watch-list';

/**
 * The watcher's subscription (see task-watcher.tsx): it alone polls. A hidden tab keeps polling
 * while notifications are on (the browser may still stretch a background tab's timers), and
 * stays silent when they are off.
 */
export function useWatchListPoll({ intervalMs, notify }: Pick<DashboardSettings, 'intervalMs' | 'notify'>, hasIds: boolean) {
  const connection = useActiveConnection();
  return useQuery({
    ...watchListPollQueryOptions(connection, intervalMs),
    enabled: hasIds && connection.userId !== '',
    refetchIntervalInBackground: notify,
  });
}

/** A page's view of the watcher's poll: the same query, never fetching on its own (refetch() still works). */
export function useWatchListBoard(intervalMs: number) {
  const connection = useActiveConnection();
  return useQuery({ ...watchListPollQueryOptions(connection, intervalMs), enabled: false });
}
