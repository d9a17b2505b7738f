import { TaskStatus } from '@/contract';
import type { TaskSnapshot } from './task-snapshot';

/** Progress points and time a rate must be measured over before it is extrapolated (whole-percent steps seen a poll late). */
const MIN_RATE_POINTS = 5;
const MIN_RATE_MS = 60_000;

/**
 * When a running task is due to end at its observed progress rate (local clock on both ends, so gateway clock skew
 * does not matter). Null when there is no rate to stand on yet (under 5 points or a minute observed), or the
 * progress is outside 0–100.
 */
export function etaDueAt(snapshot: TaskSnapshot): number | null {
  const { item, firstRunning } = snapshot;
  if (!item || item.taskStatus !== TaskStatus.running || !firstRunning) return null;
  if (!(item.taskProgress >= 0 && item.taskProgress <= 100)) return null;
  const progressed = item.taskProgress - firstRunning.progress;
  const elapsed = snapshot.changedAt - firstRunning.at;
  if (progressed < MIN_RATE_POINTS || elapsed < MIN_RATE_MS) return null;
  return snapshot.changedAt + ((100 - item.taskProgress) * elapsed) / progressed;
}

/** Remaining time of a running task at its observed progress rate (see etaDueAt), never below zero. */
export function estimateRemainingMs(snapshot: TaskSnapshot, now: number): number | null {
  const dueAt = etaDueAt(snapshot);
  return dueAt === null ? null : Math.max(0, Math.round(dueAt - now));
}

/** A running task whose status and progress have not changed for at least `stallMs`. */
export function isStalled(snapshot: TaskSnapshot | undefined, now: number, stallMs: number): boolean {
  if (!snapshot?.item || snapshot.item.taskStatus !== TaskStatus.running || stallMs <= 0) return false;
  return now - snapshot.changedAt >= stallMs;
}
