import { formatDuration } from '@/lib/format-time';
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

const etaText = (snapshot: TaskSnapshot | undefined, now: number) => {
  const eta = snapshot ? estimateRemainingMs(snapshot, now) : null;
  return eta === null ? null : eta === 0 ? 'any moment' : `~${formatDuration(eta)}`;
};

export function EtaText({ snapshot }: { snapshot: TaskSnapshot | undefined }) {
  return useClock((now) => etaText(snapshot, now));
}
