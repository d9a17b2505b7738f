import { type MessageKey, type Translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { looksLikeSeconds, timeVerdict, etaReading, type EtaReading, isStalled, type TaskSnapshot } from '../../task';
import type { WatchedTask } from '../../rows';
import { useClock } from '@/hooks/use-now';
import { StatusBadge } from './task-status-cell';

// The table's cells that change with the clock, each on its own: a tick re-renders these (when their text
// changes), not the whole row with its checkbox and buttons (React writes an input's type and name on every render).

export function StatusCell({ row, stallMs }: { row: WatchedTask; stallMs: number }) {
  const stalled = useClock((now) => isStalled(row.snapshot, now, stallMs));
  return <StatusBadge row={row} stalled={stalled} />;
}

type EtaWhyNot = Exclude<EtaReading['kind'], 'remaining' | 'none'>;
/** What an empty ETA says instead of a number. */
const WHY_NOT: Record<EtaWhyNot, MessageKey> = {
  estimating: 'tasks.table.etaEstimating',
  'not-moving': 'tasks.table.etaNotMoving',
  stalled: 'tasks.table.stalledEta',
  'odd-progress': 'tasks.table.etaOddProgress',
};

type Format = ReturnType<typeof useFormat>;

const etaText = (snapshot: TaskSnapshot | undefined, now: number, stallMs: number, t: Translate, f: Format) => {
  const reading = etaReading(snapshot, now, stallMs);
  switch (reading.kind) {
    case 'none':
      return null;
    case 'remaining':
      return reading.ms === 0 ? t('tasks.table.anyMoment') : t('tasks.table.etaAbout', { duration: f.duration(reading.ms) });
    default:
      return t(WHY_NOT[reading.kind]);
  }
};

/**
 * While status updates fail, the ETA as it stood at the task's last good check, said to be stale and from when: it
 * does not count down on data the console no longer has (a number from 14:02 that kept counting read as fresh).
 */
const staleEtaText = (snapshot: TaskSnapshot | undefined, stallMs: number, t: Translate, f: Format) => {
  if (!snapshot) return null;
  const reading = etaReading(snapshot, snapshot.checkedAt, stallMs);
  const time = f.clock(snapshot.checkedAt);
  switch (reading.kind) {
    case 'none':
      return null;
    case 'remaining':
      return reading.ms === 0
        ? t('tasks.table.etaStaleAnyMoment', { time })
        : t('tasks.table.etaStale', { duration: f.duration(reading.ms), time });
    default:
      return t('tasks.table.etaStaleNone');
  }
};

/** `stale`: status updates are failing (the page's stale banner is up). */
export function EtaText({ snapshot, stallMs, stale }: { snapshot: TaskSnapshot | undefined; stallMs: number; stale: boolean }) {
  const t = useT();
  const f = useFormat();
  return useClock((now) => (stale ? staleEtaText(snapshot, stallMs, t, f) : etaText(snapshot, now, stallMs, t, f)));
}

/**
 * The gateway's updateTime as the time setting says ("12 seconds ago", or the date and time in local time or UTC;
 * the exact time in the title) for a time that can be true; for one that cannot (before 2000, beyond an hour ahead
 * of this clock, not a number) "time out of range (raw …)", never "66226241 days ago".
 */
export function UpdatedTime({ raw }: { raw: number }) {
  const t = useT();
  const f = useFormat();
  const odd = useClock((now) => {
    const verdict = timeVerdict(raw, now);
    return 'odd' in verdict ? (looksLikeSeconds(raw, now) ? 'seconds' : 'odd') : null;
  });
  const text = useClock((now) => (odd === null ? f.when(raw, now) : ''));
  if (odd !== null) {
    return (
      <span title={t('tasks.table.timeOddWhy')}>
        {t(odd === 'seconds' ? 'tasks.table.timeOddSeconds' : 'tasks.table.timeOdd', { raw: String(raw) })}
      </span>
    );
  }
  return (
    <time dateTime={new Date(raw).toISOString()} title={f.dateTime(raw)}>
      {text}
    </time>
  );
}
