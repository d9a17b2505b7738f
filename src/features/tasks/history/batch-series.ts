import { isKnownTaskStatus, type TaskStatusCode } from '@/contract';
import { halve } from './task-history';
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

export type FlowSample = { at: number; counts: number[] };
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

/** One flow sample; a plateau keeps only its ends, and past the cap the series is halved. */
export function addFlowSample(series: BatchSeries, at: number, counts: number[]): BatchSeries {
  const { flow } = series;
  const last = flow[flow.length - 1];
  const beforeLast = flow[flow.length - 2];
  let next: FlowSample[];
  if (last && beforeLast && sameCounts(last.counts, counts) && sameCounts(beforeLast.counts, counts))
    next = [...flow.slice(0, -1), { at, counts }];
  else next = [...flow, { at, counts }];
  return { ...series, flow: next.length > MAX_FLOW_SAMPLES ? halve(next) : next };
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
