import { formatDuration, formatRelative } from '@/lib/format-time';
import { timeVerdict } from '../../model/odd-values';
import { estimateRemainingMs, isStalled } from '../../model/eta';
import type { TaskSnapshot } from '../../model/task-snapshot';
import type { WatchedTask } from '../../model/task-rows';
import { useClock } from '../../hooks/use-now';
import { StatusBadge } from './task-status-cell';

// The table's cells that change with the clock, each on its own: a tick re-renders these (when their text
// changes), not the whole row with its checkbox and buttons (React writes an input's type and name on every render).

export function StatusCell({ row, stallMs }: { row: WatchedTask; stallMs: number }) {
  const stalled = useClock((now) => isStalled(row.snapshot, now, stallMs));
  return <StatusBadge row={row} stalled={stalled} />;
}

const etaText = (snapshot: TaskSnapshot | undefined, now: number, stallMs: number) => {
  // A stalled task has no rate to count down from: its old one would reach "any moment" and stay there.
  if (isStalled(snapshot, now, stallMs)) return 'stalled — no estimate';
  const eta = snapshot ? estimateRemainingMs(snapshot, now) : null;
  return eta === null ? null : eta === 0 ? 'any moment' : `~${formatDuration(eta)}`;
};

export function EtaText({ snapshot, stallMs }: { snapshot: TaskSnapshot | undefined; stallMs: number }) {
  return useClock((now) => etaText(snapshot, now, stallMs));
}

/**
 * The gateway's updateTime: "12 s ago" (exact time in the title) for a time that can be true; for one that cannot
 * (before 2000, beyond an hour ahead of this clock, not a number) "time out of range (raw …)", never "66226241 d ago".
 */
export function UpdatedTime({ raw, exact }: { raw: number; exact: (at: number) => string }) {
  const odd = useClock((now) => {
    const verdict = timeVerdict(raw, now);
    return 'odd' in verdict ? verdict.odd : null;
  });
  const text = useClock((now) => (odd === null ? formatRelative(raw, now) : ''));
  if (odd !== null) return <span title="The gateway's updateTime cannot be a true time">{odd}</span>;
  return (
    <time dateTime={new Date(raw).toISOString()} title={exact(raw)}>
      {text}
    </time>
  );
}
