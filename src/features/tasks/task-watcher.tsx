import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectionScopeKey } from '@/lib/connection';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';
import { useActiveConnection } from '@/hooks/use-connection';
import { useWatchListPoll } from './polling/poll-watch-list';
import { openWatchList } from './watch-list/watch-list-store';
import { useWatchList } from './watch-list/use-watch-list';
import { useDashboardSettings } from './polling/use-dashboard-settings';
import { EMPTY_BOARD } from './task/task-snapshot';

// Tab-title counts and notifications: only once there is something to count (room in the first-load budget); they
// speak from the `tasks` messages, which load with them.
const WatchListSignals = lazyWithMessages('tasks', () => import('./notifications/watch-list-signals').then((m) => ({ default: m.WatchListSignals })));

/**
 * The app's one watcher of the watch list, mounted by the app on every page: it drives the poll,
 * the notifications, the counts in the tab title and the task history (loaded lazily: it records
 * the poller's answers into IndexedDB), whichever page is open.
 */
export function TaskWatcher() {
  const client = useQueryClient();
  const connection = useActiveConnection();
  const scope = connectionScopeKey(connection);
  const hasUser = connection.userId !== '';
  // Without a user ID nothing is polled, so there is nothing to record: a first visit skips the chunk and IndexedDB.
  useEffect(() => {
    if (hasUser) void import('./history/task-history-recorder').then((m) => m.startTaskHistory(client));
  }, [client, hasUser]);
  useEffect(() => void openWatchList(scope, hasUser), [scope, hasUser]);
  const { ids } = useWatchList();
  const settings = useDashboardSettings();
  const poll = useWatchListPoll(settings, ids.length > 0);
  const board = poll.data ?? EMPTY_BOARD;
  return ids.length > 0 ? (
    <Suspense fallback={null}>
      <WatchListSignals ids={ids} board={board} notify={settings.notify} />
    </Suspense>
  ) : null;
}
