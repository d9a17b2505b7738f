import type { UseQueryResult } from '@tanstack/react-query';
import { failuresInARow } from './poll-watch-list';
import { ErrorAlert } from '@/components/error-alert';
import { backoffDelay } from './poll-schedule';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import type { TaskBoard } from '../task';
import { useNow } from '@/hooks/use-now';
import styles from './polling.module.css';

type Props = { poll: UseQueryResult<TaskBoard>; intervalMs: number };

/** Failing polls: the error, the backoff, and that the table shows the last good data. */
export function StaleBanner({ poll, intervalMs }: Props) {
  const t = useT();
  const f = useFormat();
  const now = useNow();
  if (!poll.isError) return null;
  const failures = failuresInARow(poll);
  const nextAt = poll.errorUpdatedAt + backoffDelay(failures, intervalMs);
  const board = poll.data;
  const hasData = board !== undefined && board.polledAt > 0;
  return (
    <div className={styles.staleBanner}>
      <ErrorAlert error={poll.error} title={hasData ? t('tasks.stale.title') : undefined} />
      <p role="status">
        {hasData && t('tasks.stale.lastGood', { time: f.dateTime(board.polledAt) })}
        {intervalMs === 0
          ? t('tasks.stale.off', { count: failures })
          : t('tasks.stale.next', { count: failures, duration: f.duration(Math.max(0, nextAt - now)) })}
      </p>
    </div>
  );
}
