import { TaskStatus } from '@/contract';
import { formatDuration } from '@/lib/format-time';
import { batchEta, type BatchSeries } from './batch-series';
import { estimateRemainingMs, isStalled } from './eta';
import type { TaskSnapshot } from './task-snapshot';

/**
 * When the live tasks of a batch will be done, or why that cannot be said. Two estimators, each used only where it
 * holds, and a refusal everywhere else (see docs/decisions.md, "Overview"):
 * - every live task is Running with its own progress rate: the batch ends when its slowest task does;
 * - some are not running yet (Created, Queued, not checked): live tasks ÷ the rate tasks ended over the last 10 min,
 *   only when that rate is steady enough to stand on (enough endings, enough time, spread out, not contradicted by
 *   the running tasks' own progress).
 */
export type BatchEstimate =
  | { kind: 'done' }
  | { kind: 'refused'; reason: string }
  | { kind: 'slowest-task'; remainingMs: number; running: number }
  | { kind: 'ending-rate'; remainingMs: number; lowMs: number; highMs: number; perMinute: number };

/** Endings in the window below which a rate is not trusted (±1.96·√20 ≈ ±44 %). */
export const MIN_ENDINGS = 20;
/** Time watched below which a rate is not trusted. */
export const MIN_OBSERVED_MS = 5 * 60_000;
const WINDOW_MS = 10 * 60_000;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Endings in the window's first and second halves (by minute bucket). */
function halves(series: BatchSeries, since: number, now: number): [number, number] {
  const mid = (since + now) / 2;
  let early = 0;
  let late = 0;
  for (const b of series.perMinute) {
    if (b.minute < Math.floor(since / 60_000)) continue;
    const n = b.finished + b.failed + b.aborted;
    if (b.minute * 60_000 + 30_000 < mid) early += n;
    else late += n;
  }
  return [early, late];
}

export function estimateBatch(
  live: readonly (TaskSnapshot | undefined)[],
  series: BatchSeries,
  now: number,
  stallMs: number,
): BatchEstimate {
  if (live.length === 0) return { kind: 'done' };
  let stalled = 0;
  let running = 0;
  let withoutRate = 0;
  const etas: number[] = [];
  for (const snapshot of live) {
    if (isStalled(snapshot, now, stallMs)) stalled++;
    if (snapshot?.item?.taskStatus !== TaskStatus.running) continue;
    running++;
    const eta = estimateRemainingMs(snapshot, now);
    if (eta === null) withoutRate++;
    else etas.push(eta);
  }
  if (stalled > 0)
    return {
      kind: 'refused',
      reason: `cannot estimate: ${plural(stalled, 'running task')} stalled (no change for ${formatDuration(stallMs)} or more)`,
    };
  if (running === live.length) {
    if (withoutRate > 0)
      return { kind: 'refused', reason: `cannot estimate yet (${withoutRate} of ${running} running tasks have no progress rate yet)` };
    return { kind: 'slowest-task', remainingMs: Math.max(...etas), running };
  }
  const eta = batchEta(series, live.length, now);
  const since = Math.max(now - WINDOW_MS, series.flow[0]?.at ?? now);
  const [early, late] = halves(series, since, now);
  const ended = early + late;
  if (!eta || ended < MIN_ENDINGS)
    return { kind: 'refused', reason: `cannot estimate yet (${plural(ended, 'ending')} seen in the last 10 min)` };
  if (now - since < MIN_OBSERVED_MS)
    return { kind: 'refused', reason: `cannot estimate yet (only ${formatDuration(now - since)} watched)` };
  // A steady rate has its endings spread over the window; tasks ending together give no rate to extrapolate.
  if (Math.min(early, late) * 2 < Math.max(early, late))
    return { kind: 'refused', reason: 'cannot estimate: tasks are ending together, not at a steady rate' };
  // The running tasks' own progress says how many end soon: a rate it does not bear out is not the batch's.
  const horizon = Math.min(eta.remainingMs, WINDOW_MS);
  const byProgress = etas.filter((e) => e <= horizon).length;
  const byRate = (eta.perMinute * horizon) / 60_000;
  if (etas.length >= 5 && Math.max(byProgress, byRate) >= 3 && (byProgress > 2 * byRate || byRate > 2 * byProgress))
    return { kind: 'refused', reason: "cannot estimate: the rate tasks end at does not fit the running tasks' progress" };
  return { kind: 'ending-rate', ...eta };
}
