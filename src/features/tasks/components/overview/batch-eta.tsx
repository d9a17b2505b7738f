import { formatDuration } from '@/lib/format-time';
import { useMemo } from 'react';
import { digestLive, estimateFromDigest, type BatchEstimate } from '../../model/batch-estimate';
import type { BatchSeries } from '../../model/batch-series';
import type { StatusGroup } from '../../model/status-group';
import type { TaskSnapshot } from '../../model/task-snapshot';
import type { WatchedTask } from '../../model/task-rows';
import { useClock } from '../../hooks/use-now';
import { useDashboardSettings } from '../../hooks/use-dashboard-settings';
import styles from './overview.module.css';

const clock = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The groups summary.live counts: polled every cycle. */
const LIVE_GROUPS = new Set<StatusGroup>([1, 2, 3, 'waiting', 'unknown', 'invalid']);

function* liveSnapshots(rows: readonly WatchedTask[]): Generator<TaskSnapshot | undefined> {
  for (const row of rows) if (LIVE_GROUPS.has(row.group)) yield row.snapshot;
}

/** How often the live tasks are read again for the estimate: a pass over 100,000 rows is not for every second. */
const DIGEST_EVERY_MS = 5_000;

export function batchEtaText(estimate: BatchEstimate, live: number, now: number): string {
  const tasks = `${live} live task${live === 1 ? '' : 's'}`;
  switch (estimate.kind) {
    case 'done':
      return 'No live tasks: the batch is done.';
    case 'refused':
      return `${tasks}: ${estimate.reason}.`;
    case 'slowest-task':
      return `${tasks} done in about ${formatDuration(estimate.remainingMs)}, around ${clock(now + estimate.remainingMs)}: all are running, and the slowest is due then at its own progress rate.`;
    case 'ending-rate': {
      const range =
        estimate.lowMs === estimate.highMs
          ? ''
          : ` (95 % range: ${formatDuration(estimate.lowMs)} to ${formatDuration(estimate.highMs)}, fewer ends seen make it wider)`;
      return `${tasks} done in about ${formatDuration(estimate.remainingMs)}, around ${clock(now + estimate.remainingMs)}${range}, at ${estimate.perMinute.toFixed(1)} tasks ending per minute over the last 10 minutes.`;
    }
  }
}

export function BatchEta({ series, live, rows }: { series: BatchSeries; live: number; rows: readonly WatchedTask[] }) {
  const { stallMs } = useDashboardSettings();
  // The rows are the board's own (written in place): read again every few seconds, so the estimate follows the polls.
  const period = useClock((now) => Math.floor(now / DIGEST_EVERY_MS));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `period` and `live` are the point: the rows change in place
  const digest = useMemo(() => digestLive(liveSnapshots(rows), stallMs), [rows, stallMs, period, live]);
  const text = useClock((now) => batchEtaText(live === 0 ? { kind: 'done' } : estimateFromDigest(digest, series, now, stallMs), live, now));
  return (
    <section aria-labelledby="batch-eta-title" className={styles.eta}>
      <h3 id="batch-eta-title">Batch ETA</h3>
      <p>{text}</p>
    </section>
  );
}
