import { type TaskPhase, taskPhase, type TaskSnapshot } from '../task';

export const INTERVAL_CHOICES_MS = [0, 2_000, 5_000, 10_000, 30_000, 60_000] as const;
export const DEFAULT_INTERVAL_MS = 5_000;
export const MAX_BACKOFF_MS = 5 * 60_000;

/** How long after its last check a task in each phase is due again, at a given base interval. */
export function recheckAfter(phase: TaskPhase, intervalMs: number): number | null {
  switch (phase) {
    case 'unseen':
      return 0;
    case 'live':
      return intervalMs;
    case 'awaiting-url':
      return Math.max(3 * intervalMs, 15_000);
    case 'not-found':
      return Math.max(10 * intervalMs, 60_000);
    case 'terminal':
      return null;
  }
}

type Tasks = ReadonlyMap<string, TaskSnapshot>;

/**
 * IDs to check in this cycle: never-checked ones always; live ones once half their interval has passed since their
 * last check (a cycle started early to check added IDs takes only those, and the live ones keep their own beat);
 * slower phases when their own delay has passed; `force` (Refresh now) takes every non-terminal.
 */
export function dueTaskIds(ids: Iterable<string>, tasks: Tasks, now: number, intervalMs: number, force = false): string[] {
  const due: string[] = [];
  for (const id of ids) {
    const snapshot = tasks.get(id);
    const phase = taskPhase(snapshot);
    if (phase === 'terminal') continue;
    if (
      force ||
      phase === 'unseen' ||
      !snapshot ||
      now - snapshot.checkedAt >= (phase === 'live' ? intervalMs / 2 : recheckAfter(phase, intervalMs)!)
    )
      due.push(id);
  }
  return due;
}

/** The shortest wait between cycles: a live task due in a moment is checked in a moment, not a whole interval late. */
const MIN_DELAY_MS = 250;

/**
 * When a watch list's tasks fall due, whatever the time: whether one was never checked, and the earliest "last check +
 * its phase's delay" among the live tasks and among the slower phases (each has its own shortest wait).
 */
export type DueTimes = { unseen: boolean; live: number; slower: number };

export function dueTimes(ids: Iterable<string>, tasks: Tasks, intervalMs: number): DueTimes {
  const due: DueTimes = { unseen: false, live: Infinity, slower: Infinity };
  for (const id of ids) {
    const snapshot = tasks.get(id);
    const phase = taskPhase(snapshot);
    const after = recheckAfter(phase, intervalMs);
    if (after === null) continue;
    if (phase === 'unseen' || !snapshot) return { ...due, unseen: true };
    if (phase === 'live') due.live = Math.min(due.live, snapshot.checkedAt + after);
    else due.slower = Math.min(due.slower, snapshot.checkedAt + after);
  }
  return due;
}

/** The delay before the next cycle at `now`, from dueTimes (see nextPollDelay). */
export function delayUntilDue(due: DueTimes, now: number, intervalMs: number): number | false {
  if (intervalMs <= 0) return false;
  if (due.unseen) return intervalMs;
  const soonest = Math.min(Math.max(MIN_DELAY_MS, due.live - now), Math.max(intervalMs, due.slower - now));
  return soonest === Infinity ? false : soonest;
}

/**
 * The delay before the next cycle, or false when there is nothing left to watch (or polling is off). Live tasks are
 * due an interval after their own last check, so a cycle for added IDs in between does not push them back.
 */
export function nextPollDelay(ids: Iterable<string>, tasks: Tasks, now: number, intervalMs: number): number | false {
  if (intervalMs <= 0) return false;
  return delayUntilDue(dueTimes(ids, tasks, intervalMs), now, intervalMs);
}

/** Exponential backoff after consecutive failed cycles: interval × 2^failures, capped. */
export function backoffDelay(failures: number, intervalMs: number): number {
  const base = Math.max(intervalMs, 2_000);
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, failures));
}
