import type { UseQueryResult } from '@tanstack/react-query';
import { failuresInARow } from '../../api/poll-watch-list';
import { ErrorAlert } from '@/components/error-alert';
import { backoffDelay } from '../../model/poll-schedule';
import { formatDuration, formatExact } from '@/lib/format-time';
import type { TaskBoard } from '../../model/task-snapshot';
import { useNow } from '../../hooks/use-now';
import styles from '../tasks-page.module.css';

type Props = { poll: UseQueryResult<TaskBoard>; intervalMs: number };

/** Failing polls: the error, the backoff, and that the table shows the last good data. */
export function StaleBanner({ poll, intervalMs }: Props) {
  const now = useNow();
  if (!poll.isError) return null;
  const failures = failuresInARow(poll);
  const nextAt = poll.errorUpdatedAt + backoffDelay(failures, intervalMs);
  const board = poll.data;
  const hasData = board !== undefined && board.polledAt > 0;
  return (
    <div className={styles.staleBanner}>
      <ErrorAlert error={poll.error} title={hasData ? 'Status updates are failing — the table shows stale data' : undefined} />
      <p role="status">
        {hasData && <>Last good update {formatExact(board.polledAt)}. </>}
        {failures} failed attempt{failures === 1 ? '' : 's'} in a row;{' '}
        {intervalMs === 0
          ? 'automatic checks are off.'
          : `next try in ${formatDuration(Math.max(0, nextAt - now))} (waiting longer after each failure).`}
      </p>
    </div>
  );
}
