import { TaskStatus } from '@/contract';
import { getLocale, t } from '@/i18n/i18n-store';
import { formatDuration } from '@/i18n/format';
import { batchEta, type BatchSeries } from '../history';
import { etaDueAt, stalledSince, type TaskSnapshot } from '../task';

/**
 * When the live tasks of a batch will be done, or why that cannot be said. Two estimators, each used only where it
 * holds, and a refusal everywhere else (see docs/decisions/task-board.md, "Batch ETA"):
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
const MIN_ENDINGS = 20;
/** Time watched below which a rate is not trusted. */
const MIN_OBSERVED_MS = 5 * 60_000;
const WINDOW_MS = 10 * 60_000;

const duration = (ms: number) => formatDuration(getLocale(), ms);

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

/**
 * What the estimate needs from each live task, taken in one pass (at 100,000 tasks that pass is the dear part, so
 * the page takes it every few seconds and estimates from it at each tick): when each running task with a rate is
 * due, and since when each running task a check saw unchanged for the stall time counts as stalled.
 */
export type LiveDigest = { live: number; running: number; withoutRate: number; dueAt: Float64Array; stallAt: Float64Array };

/**
 * A digest built one live task at a time: the board reads its rows with an index and adds the live ones, with no
 * array of them in between (at a first cycle's 100,000 unchecked tasks that array was most of the pass).
 */
export function liveDigester(stallMs: number) {
  let count = 0;
  let running = 0;
  let withoutRate = 0;
  const dueAt: number[] = [];
  const stallAt: number[] = [];
  return {
    add(snapshot: TaskSnapshot | undefined) {
      count++;
      if (snapshot?.item?.taskStatus !== TaskStatus.running) return;
      running++;
      const stalled = stalledSince(snapshot, stallMs);
      if (stalled !== null) stallAt.push(stalled);
      const due = etaDueAt(snapshot);
      if (due === null) withoutRate++;
      else dueAt.push(due);
    },
    digest: (): LiveDigest => ({ live: count, running, withoutRate, dueAt: Float64Array.from(dueAt), stallAt: Float64Array.from(stallAt) }),
  };
}

export function digestLive(live: Iterable<TaskSnapshot | undefined>, stallMs: number): LiveDigest {
  const digester = liveDigester(stallMs);
  for (const snapshot of live) digester.add(snapshot);
  return digester.digest();
}

export function estimateBatch(live: Iterable<TaskSnapshot | undefined>, series: BatchSeries, now: number, stallMs: number): BatchEstimate {
  return estimateFromDigest(digestLive(live, stallMs), series, now, stallMs);
}

export function estimateFromDigest(digest: LiveDigest, series: BatchSeries, now: number, stallMs: number): BatchEstimate {
  const { live, running, withoutRate, dueAt, stallAt } = digest;
  if (live === 0) return { kind: 'done' };
  // Indexed loops over the typed arrays: this runs on every clock tick, and a for-of over a Float64Array made an
  // iterator result per element (~300 kB per poll update at 1,000 running, by the bench's BENCH_ALLOC).
  let stalled = 0;
  for (let i = 0; i < stallAt.length; i++) if (stallAt[i]! <= now) stalled++;
  if (stalled > 0)
    return {
      kind: 'refused',
      reason: t('tasks.eta.stalled', { count: stalled, duration: duration(stallMs) }),
    };
  let latest = -Infinity;
  for (let i = 0; i < dueAt.length; i++) latest = Math.max(latest, dueAt[i]!);
  const remainingOf = (at: number) => Math.max(0, Math.round(at - now));
  if (running === live) {
    if (withoutRate > 0) return { kind: 'refused', reason: t('tasks.eta.noRate', { without: withoutRate, running }) };
    return { kind: 'slowest-task', remainingMs: remainingOf(latest), running };
  }
  const eta = batchEta(series, live, now);
  const since = Math.max(now - WINDOW_MS, series.flow[0]?.at ?? now);
  const [early, late] = halves(series, since, now);
  const ended = early + late;
  if (!eta || ended < MIN_ENDINGS) return { kind: 'refused', reason: t('tasks.eta.fewEndings', { count: ended }) };
  if (now - since < MIN_OBSERVED_MS) return { kind: 'refused', reason: t('tasks.eta.shortWatch', { duration: duration(now - since) }) };
  // A steady rate has its endings spread over the window; tasks ending together give no rate to extrapolate.
  if (Math.min(early, late) * 2 < Math.max(early, late)) return { kind: 'refused', reason: t('tasks.eta.together') };
  // The running tasks' own progress says how many end soon: a rate it does not bear out is not the batch's.
  const horizon = Math.min(eta.remainingMs, WINDOW_MS);
  let byProgress = 0;
  for (let i = 0; i < dueAt.length; i++) if (remainingOf(dueAt[i]!) <= horizon) byProgress++;
  const byRate = (eta.perMinute * horizon) / 60_000;
  if (dueAt.length >= 5 && Math.max(byProgress, byRate) >= 3 && (byProgress > 2 * byRate || byRate > 2 * byProgress))
    return { kind: 'refused', reason: t('tasks.eta.mismatch') };
  return { kind: 'ending-rate', ...eta };
}
