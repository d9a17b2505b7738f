import { useMemo } from 'react';
import { getLocale, t, type MessageKey } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { formatClock, formatDuration, formatNumber, type TimeSetting } from '@/i18n/format';
import { useTimeSetting } from '@/hooks/use-time-setting';
import { estimateFromDigest, liveDigester, type BatchEstimate, type LiveDigest } from './batch-estimate';
import type { BatchSeries } from '../history';
import { etaAsSaid, type Freshness, type StatusGroup } from '../task';
import type { WatchedTask } from '../rows';
import { useClock } from '@/hooks/use-now';
import { useDashboardSettings } from '../polling';
import styles from './overview.module.css';

/** The groups summary.live counts: polled every cycle. */
const LIVE_GROUPS = new Set<StatusGroup>([1, 2, 3, 'waiting', 'unknown', 'invalid']);

/**
 * The live rows digested with an index, not yielded: a generator's for-of over 100,000 rows made an iterator result
 * per row (about 1.2 MB of garbage per poll update at 100,000 / 1,000 by the bench's allocation profile,
 * BENCH_ALLOC=1), and an array of the live ones first was a 45 ms task (21 ms CPU) in the bench's first cycle, when
 * all 100,000 were live (not checked yet).
 */
function digestRows(rows: readonly WatchedTask[], stallMs: number): LiveDigest {
  const digester = liveDigester(stallMs);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (LIVE_GROUPS.has(row.group)) digester.add(row.snapshot);
  }
  return digester.digest();
}

/** How often the live tasks are read again for the estimate: a pass over 100,000 rows is not for every second. */
const DIGEST_EVERY_MS = 5_000;

type Frozen = Exclude<Freshness, 'live'>;
/** What a frozen estimate is prefixed with, by why it is frozen (the rows' "stale: …" and "checks off: …"). */
const FROZEN: Record<Frozen, MessageKey> = { stale: 'tasks.eta.stale', paused: 'tasks.eta.paused' };

/**
 * The estimate in words, in the current UI language, its clock time in the chosen zone (local or UTC). `frozen`:
 * the estimate was made at `now`, the last good check (updates failing, checks off), and says so and from when.
 */
export function batchEtaText(
  estimate: BatchEstimate,
  live: number,
  now: number,
  zone: TimeSetting['zone'] = 'local',
  frozen?: Frozen,
): string {
  const text = liveEtaText(estimate, live, now, zone);
  if (!frozen || estimate.kind === 'done') return text;
  return t(FROZEN[frozen], { time: formatClock(getLocale(), now, zone), estimate: text });
}

function liveEtaText(estimate: BatchEstimate, live: number, now: number, zone: TimeSetting['zone']): string {
  const locale = getLocale();
  // In the rows' 5 s steps, so the batch and its slowest row say the same.
  const duration = (ms: number) => formatDuration(locale, etaAsSaid(ms));
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

type Props = {
  series: BatchSeries;
  live: number;
  rows: readonly WatchedTask[];
  /** Not `live` (updates failing, checks off): the estimate is made at the last good check, `polledAt`, and says so. */
  freshness: Freshness;
  polledAt: number;
};

export function BatchEta({ series, live, rows, freshness, polledAt }: Props) {
  const tr = useT();
  const { zone } = useTimeSetting();
  const { stallMs } = useDashboardSettings();
  // Frozen only with a good check to stand at (none yet: nothing to estimate from, and the estimate says why).
  const frozen = freshness !== 'live' && polledAt > 0 ? freshness : undefined;
  // The rows are the board's own (written in place): read again every few seconds, so the estimate follows the polls,
  // and once more when it freezes, so the frozen estimate is made from the rows of the check it names (`frozenAt`).
  const period = useClock((now) => Math.floor(now / DIGEST_EVERY_MS));
  const frozenAt = frozen ? polledAt : 0;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `period`, `live` and `frozenAt` are the point: the rows change in place
  const digest = useMemo(() => digestRows(rows, stallMs), [rows, stallMs, period, live, frozenAt]);
  // useT() renders this again on a switch of language, and the text is read again then.
  const text = useClock((now) => {
    const at = frozen ? polledAt : now;
    return batchEtaText(live === 0 ? { kind: 'done' } : estimateFromDigest(digest, series, at, stallMs), live, at, zone, frozen);
  });
  return (
    <section aria-labelledby="batch-eta-title" className={styles.eta}>
      <h3 id="batch-eta-title">{tr('tasks.eta.title')}</h3>
      <p>{text}</p>
    </section>
  );
}
