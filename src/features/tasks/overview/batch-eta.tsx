import { useMemo } from 'react';
import { getLocale, t } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { formatClock, formatDuration, formatNumber, type TimeSetting } from '@/i18n/format';
import { useTimeSetting } from '@/hooks/use-time-setting';
import { digestLive, estimateFromDigest, type BatchEstimate } from './batch-estimate';
import type { BatchSeries } from '../history';
import type { StatusGroup, TaskSnapshot } from '../task';
import type { WatchedTask } from '../rows';
import { useClock } from '@/hooks/use-now';
import { useDashboardSettings } from '../polling';
import styles from './overview.module.css';

/** The groups summary.live counts: polled every cycle. */
const LIVE_GROUPS = new Set<StatusGroup>([1, 2, 3, 'waiting', 'unknown', 'invalid']);

function* liveSnapshots(rows: readonly WatchedTask[]): Generator<TaskSnapshot | undefined> {
  for (const row of rows) if (LIVE_GROUPS.has(row.group)) yield row.snapshot;
}

/** How often the live tasks are read again for the estimate: a pass over 100,000 rows is not for every second. */
const DIGEST_EVERY_MS = 5_000;

/** The estimate in words, in the current UI language, its clock time in the chosen zone (local or UTC). */
export function batchEtaText(estimate: BatchEstimate, live: number, now: number, zone: TimeSetting['zone'] = 'local'): string {
  const locale = getLocale();
  const duration = (ms: number) => formatDuration(locale, ms);
  const tasks = t('tasks.eta.live', { count: live });
  switch (estimate.kind) {
    case 'done':
      return t('tasks.eta.done');
    case 'refused':
      return t('tasks.eta.refused', { tasks, reason: estimate.reason });
    case 'slowest-task':
      return t('tasks.eta.slowest', {
        tasks,
        duration: duration(estimate.remainingMs),
        clock: formatClock(locale, now + estimate.remainingMs, zone),
      });
    case 'ending-rate': {
      const range =
        estimate.lowMs === estimate.highMs ? '' : t('tasks.eta.range', { low: duration(estimate.lowMs), high: duration(estimate.highMs) });
      return t('tasks.eta.rate', {
        tasks,
        duration: duration(estimate.remainingMs),
        clock: formatClock(locale, now + estimate.remainingMs, zone),
        range,
        perMinute: formatNumber(locale, estimate.perMinute, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      });
    }
  }
}

export function BatchEta({ series, live, rows }: { series: BatchSeries; live: number; rows: readonly WatchedTask[] }) {
  const tr = useT();
  const { zone } = useTimeSetting();
  const { stallMs } = useDashboardSettings();
  // The rows are the board's own (written in place): read again every few seconds, so the estimate follows the polls.
  const period = useClock((now) => Math.floor(now / DIGEST_EVERY_MS));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `period` and `live` are the point: the rows change in place
  const digest = useMemo(() => digestLive(liveSnapshots(rows), stallMs), [rows, stallMs, period, live]);
  // useT() renders this again on a switch of language, and the text is read again then.
  const text = useClock((now) =>
    batchEtaText(live === 0 ? { kind: 'done' } : estimateFromDigest(digest, series, now, stallMs), live, now, zone),
  );
  return (
    <section aria-labelledby="batch-eta-title" className={styles.eta}>
      <h3 id="batch-eta-title">{tr('tasks.eta.title')}</h3>
      <p>{text}</p>
    </section>
  );
}
