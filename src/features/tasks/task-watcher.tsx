import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectionScopeKey } from '@/lib/connection';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';
import { useActiveConnection } from '@/hooks/use-connection';
import { useWatchListPoll, useDashboardSettings } from './polling';
import { openWatchList, useWatchList } from './watch-list';
import { EMPTY_BOARD } from './task';
import { loadWatchListSignals } from './notifications';
import { startTaskHistoryLater } from './history';

// Tab-title counts and notifications: only once there is something to count (room in the first-load budget); they
// speak from the `tasks` messages, which load with them.
const WatchListSignals = lazyWithMessages('tasks', loadWatchListSignals);

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
    if (hasUser) void startTaskHistoryLater(client);
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
