import { type Translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { looksLikeSeconds, timeVerdict, estimateRemainingMs, isStalled, type TaskSnapshot } from '../../task';
import type { WatchedTask } from '../../rows';
import { useClock } from '@/hooks/use-now';
import { StatusBadge } from './task-status-cell';

// The table's cells that change with the clock, each on its own: a tick re-renders these (when their text
// changes), not the whole row with its checkbox and buttons (React writes an input's type and name on every render).

export function StatusCell({ row, stallMs }: { row: WatchedTask; stallMs: number }) {
  const stalled = useClock((now) => isStalled(row.snapshot, now, stallMs));
  return <StatusBadge row={row} stalled={stalled} />;
}

const etaText = (snapshot: TaskSnapshot | undefined, now: number, stallMs: number, t: Translate, duration: (ms: number) => string) => {
  // A stalled task has no rate to count down from: its old one would reach "any moment" and stay there.
  if (isStalled(snapshot, now, stallMs)) return t('tasks.table.stalledEta');
  const eta = snapshot ? estimateRemainingMs(snapshot, now) : null;
  return eta === null ? null : eta === 0 ? t('tasks.table.anyMoment') : t('tasks.table.etaAbout', { duration: duration(eta) });
};

export function EtaText({ snapshot, stallMs }: { snapshot: TaskSnapshot | undefined; stallMs: number }) {
  const t = useT();
  const f = useFormat();
  return useClock((now) => etaText(snapshot, now, stallMs, t, f.duration));
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
