import type { UseQueryResult } from '@tanstack/react-query';
import { updateDashboardSettings, type DashboardSettings } from '../../stores/dashboard-settings-store';
import { backoffDelay, INTERVAL_CHOICES_MS } from '../../model/poll-schedule';
import { failuresInARow } from '../../api/poll-watch-list';
import { STALL_CHOICES_MS } from '../../model/stall-choices';
import { formatDuration, formatRelative } from '@/lib/format-time';
import type { TaskBoard } from '../../model/task-snapshot';
import { useNow } from '../../hooks/use-now';
import styles from '../tasks-page.module.css';

type Props = { poll: UseQueryResult<TaskBoard>; settings: DashboardSettings; live: number; onRefresh: () => void };

const intervalLabel = (ms: number) => (ms === 0 ? 'Off' : `${ms / 1000} s`);

export function PollControls({ poll, settings, live, onRefresh }: Props) {
  const now = useNow();
  const board = poll.data;
  const failures = failuresInARow(poll);
  const retryIn = Math.max(0, poll.errorUpdatedAt + backoffDelay(failures, settings.intervalMs) - now);
  const state = poll.isFetching
    ? 'Checking…'
    : live === 0
      ? 'Nothing live: no requests are sent'
      : settings.intervalMs === 0
        ? 'Automatic checks are off'
        : failures > 0
          ? `Backing off after ${failures} failed check${failures === 1 ? '' : 's'}: next check in ${formatDuration(retryIn)}`
          : `Checking every ${settings.intervalMs / 1000} s ${settings.notify ? 'on every page, also in a hidden tab' : 'while this tab is visible'}`;
  return (
    <div className={styles.pollControls}>
      <label>
        Check every{' '}
        <select value={settings.intervalMs} onChange={(e) => updateDashboardSettings({ intervalMs: Number(e.target.value) })}>
          {INTERVAL_CHOICES_MS.map((ms) => (
            <option key={ms} value={ms}>
              {intervalLabel(ms)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={onRefresh} disabled={poll.isFetching}>
        Refresh now
      </button>
      <label>
        Flag running tasks as stalled after{' '}
        <select value={settings.stallMs} onChange={(e) => updateDashboardSettings({ stallMs: Number(e.target.value) })}>
          {STALL_CHOICES_MS.map((ms) => (
            <option key={ms} value={ms}>
              {ms / 60_000} min
            </option>
          ))}
        </select>
      </label>
      <p className={styles.pollState}>
        {state}
        {board && board.polledAt > 0 && (
          <>
            {' · '}last update {formatRelative(board.polledAt, now)} ({board.requests} request{board.requests === 1 ? '' : 's'})
          </>
        )}
      </p>
    </div>
  );
}
