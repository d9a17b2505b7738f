import { isKnownTaskStatus, type TaskStatusCode } from '@/contract';
import { statusGroupOf, type StatusGroup, type TaskSnapshot, type Transition } from '../task';

/** The bands of the flow diagram, bottom to top: done first, so finished work grows from the floor (names: flow-chart.tsx). */
export const FLOW_BANDS = [
  { key: 'finished' },
  { key: 'failed' },
  { key: 'aborted' },
  { key: 'running' },
  { key: 'queued' },
  { key: 'created' },
  { key: 'other' },
] as const;
/** Each status's band (an index in FLOW_BANDS); everything that is not a status goes in the last, "other". */
const BAND_OF: Record<TaskStatusCode, number> = { 4: 0, 5: 1, 6: 2, 3: 3, 2: 4, 1: 5 };
const OTHER_BAND = FLOW_BANDS.length - 1;
const bandOfGroup = (group: StatusGroup): number => (typeof group === 'number' ? BAND_OF[group] : OTHER_BAND);

/** `afterGap`: the console was not watching between the sample before and this one (closed, hidden, paused, no answers). */
export type FlowSample = { at: number; counts: number[]; afterGap?: true };
export type MinuteBucket = { minute: number; finished: number; failed: number; aborted: number };
/** Which count of a minute a transition into each status adds to: endings only (null: not an ending). */
const END_COUNT: Record<TaskStatusCode, Exclude<keyof MinuteBucket, 'minute'> | null> = {
  1: null,
  2: null,
  3: null,
  4: 'finished',
  5: 'failed',
  6: 'aborted',
};
const endCountOf = (status: number | null) => (status !== null && isKnownTaskStatus(status) ? END_COUNT[status] : null);
/** Batch-level samples: bounded whatever the number of watched tasks. */
export type BatchSeries = { flow: FlowSample[]; perMinute: MinuteBucket[] };

export const MAX_FLOW_SAMPLES = 240;
export const MAX_MINUTES = 180;
export const EMPTY_SERIES: BatchSeries = { flow: [], perMinute: [] };

/** The index in FLOW_BANDS of a task's band. */
const flowBand = (snapshot: TaskSnapshot | undefined): number => bandOfGroup(statusGroupOf(snapshot));

/** Watched tasks per flow band. */
export function flowCounts(watched: readonly string[], tasks: ReadonlyMap<string, TaskSnapshot>): number[] {
  const counts = FLOW_BANDS.map(() => 0);
  for (const id of watched) counts[flowBand(tasks.get(id))]!++;
  return counts;
}

/** Tasks per flow band from counts per status group (the same as flowCounts over those tasks). */
export function bandsOf(counts: ReadonlyMap<StatusGroup, number>): number[] {
  const bands = FLOW_BANDS.map(() => 0);
  for (const [group, n] of counts) bands[bandOfGroup(group)]! += n;
  return bands;
}

const sameCounts = (a: readonly number[], b: readonly number[]) => a.every((n, i) => n === b[i]);

/** A flow sample per this long at most, however fast the poller goes. */
export const FLOW_SAMPLE_MS = 5_000;
/** The bands the poller checks every interval: running, queued, created. */
const LIVE_BANDS = [3, 4, 5];
/** A watching console's beats one may miss (a slow cycle, a failed one retried) before the time between two samples is a gap. */
const MISSED_BEATS = 3;

/**
 * The longest a watching console goes between two samples, after one with these counts: live tasks are checked every
 * interval (a sample at most every FLOW_SAMPLE_MS), tasks not found only every max(10 × interval, 1 min) (poll-schedule.ts).
 * Past this, the console was closed, hidden without polling, paused or without answers: what happened is not known.
 */
export function watchedGapMs(intervalMs: number, counts: readonly number[]): number {
  const live = LIVE_BANDS.some((band) => (counts[band] ?? 0) > 0);
  const beat = !live && (counts[OTHER_BAND] ?? 0) > 0 ? Math.max(10 * intervalMs, 60_000) : Math.max(intervalMs, FLOW_SAMPLE_MS);
  return MISSED_BEATS * beat;
}

/**
 * One flow sample at the operator's polling interval; a plateau keeps only its ends, and past the cap the series is
 * halved. A sample after longer than the interval allows is marked `afterGap`, and no plateau is folded across it.
 */
export function addFlowSample(series: BatchSeries, at: number, counts: number[], intervalMs: number): BatchSeries {
  const { flow } = series;
  const last = flow[flow.length - 1];
  const beforeLast = flow[flow.length - 2];
  const sample: FlowSample = last && at - last.at > watchedGapMs(intervalMs, last.counts) ? { at, counts, afterGap: true } : { at, counts };
  let next: FlowSample[];
  if (last && beforeLast && !sample.afterGap && !last.afterGap && sameCounts(last.counts, counts) && sameCounts(beforeLast.counts, counts))
    next = [...flow.slice(0, -1), sample];
  else next = [...flow, sample];
  return { ...series, flow: next.length > MAX_FLOW_SAMPLES ? halveFlow(next) : next };
}

/**
 * Every other sample, but each gap's two edges kept, so a gap stays where it was; if gaps alone fill the series
 * (a console opened once every few minutes, all day), the older half goes.
 */
function halveFlow(flow: readonly FlowSample[]): FlowSample[] {
  const kept = flow.filter((s, i) => i % 2 === 0 || i === flow.length - 1 || s.afterGap || flow[i + 1]?.afterGap);
  return kept.length > (MAX_FLOW_SAMPLES * 3) / 4 ? kept.slice(-MAX_FLOW_SAMPLES / 2) : kept;
}

export type Unwatched = { from: number; to: number };

/** The periods between the first sample and now that the console was not watching: each gap, and the time since the last sample if longer than allowed. */
export function unwatchedPeriods(flow: readonly FlowSample[], now: number, intervalMs: number): Unwatched[] {
  const out: Unwatched[] = [];
  flow.forEach((s, i) => {
    if (s.afterGap && i > 0) out.push({ from: flow[i - 1]!.at, to: s.at });
  });
  const last = flow[flow.length - 1];
  if (last && now - last.at > watchedGapMs(intervalMs, last.counts)) out.push({ from: last.at, to: now });
  return out;
}

/** Count this cycle's transitions into Finished, Failed and Aborted per minute of local time. */
export function addTransitions(series: BatchSeries, transitions: readonly Transition[]): BatchSeries {
  const ends = transitions.flatMap((t) => {
    const count = endCountOf(t.to);
    return count ? [{ at: t.at, count }] : [];
  });
  if (ends.length === 0) return series;
  const perMinute = [...series.perMinute];
  for (const t of ends) {
    const minute = Math.floor(t.at / 60_000);
    let i = perMinute.findIndex((b) => b.minute === minute);
    if (i < 0) {
      perMinute.push({ minute, finished: 0, failed: 0, aborted: 0 });
      perMinute.sort((a, b) => a.minute - b.minute);
      i = perMinute.findIndex((b) => b.minute === minute);
    }
    const b = { ...perMinute[i]! };
    b[t.count]++;
    perMinute[i] = b;
  }
  return { ...series, perMinute: perMinute.slice(-MAX_MINUTES) };
}

export type BatchEta = { remainingMs: number; lowMs: number; highMs: number; perMinute: number };

const ETA_WINDOW_MS = 10 * 60_000;

/**
 * When the live tasks will be done at the rate tasks ended over the last 10 minutes watched.
 * Tasks ending is treated as a Poisson process, so with k ends seen the rate is known to about
 * ±1.96·√k (95 %): few ends, wide range. Null when no task has ended in the window yet.
 */
export function batchEta(series: BatchSeries, live: number, now: number): BatchEta | null {
  const since = Math.max(now - ETA_WINDOW_MS, series.flow[0]?.at ?? now);
  const windowMs = now - since;
  if (live === 0 || windowMs <= 0) return null;
  const fromMinute = Math.floor(since / 60_000);
  const ended = series.perMinute.filter((b) => b.minute >= fromMinute).reduce((n, b) => n + b.finished + b.failed + b.aborted, 0);
  if (ended === 0) return null;
  const spread = 1.96 * Math.sqrt(ended);
  const at = (k: number) => Math.round((live * windowMs) / k);
  return {
    remainingMs: at(ended),
    lowMs: at(ended + spread),
    highMs: at(Math.max(0.5, ended - spread)),
    perMinute: (ended * 60_000) / windowMs,
  };
}
