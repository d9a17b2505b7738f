import type { MinuteBucket, Unwatched } from '../history';

const SHOWN_MINUTES = 60;
const MIN_SHOWN_MINUTES = 10;

/** A minute of the chart; `watched: false` when the console was not watching any of it (its zeros are not known). */
export type ShownMinute = MinuteBucket & { watched: boolean };
/** What the console watched: from its first flow sample (null: none yet), less the periods it was not watching. */
export type Watching = { firstSample: number | null; unwatched: readonly Unwatched[] };

const hasEnds = (b: MinuteBucket) => b.finished + b.failed + b.aborted > 0;

/**
 * The last hour (or since the first end, at least 10 minutes), one bucket per minute including the quiet ones, up to
 * the current minute. A minute wholly before the first sample or inside a period not watched is marked so, unless
 * it has ends: those the gateway dated (a task seen ending after a reopen) are known.
 */
export function minuteRange(perMinute: readonly MinuteBucket[], now: number, watching: Watching): ShownMinute[] {
  const current = Math.floor(now / 60_000);
  const first = Math.max(current - SHOWN_MINUTES + 1, Math.min(perMinute[0]?.minute ?? current, current - MIN_SHOWN_MINUTES + 1));
  const byMinute = new Map(perMinute.map((b) => [b.minute, b]));
  const notWatched = (m: number) => {
    const [from, to] = [m * 60_000, (m + 1) * 60_000];
    return watching.firstSample === null || to <= watching.firstSample || watching.unwatched.some((p) => p.from <= from && to <= p.to);
  };
  const out: ShownMinute[] = [];
  for (let m = first; m <= current; m++) {
    const bucket = byMinute.get(m) ?? { minute: m, finished: 0, failed: 0, aborted: 0 };
    out.push({ ...bucket, watched: hasEnds(bucket) || !notWatched(m) });
  }
  return out;
}
