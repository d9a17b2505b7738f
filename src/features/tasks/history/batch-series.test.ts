import { describe, expect, it } from 'vitest';
import { item, snap } from '../testing/snapshots';
import {
  addFlowSample,
  addTransitions,
  batchEta,
  EMPTY_SERIES,
  flowCounts,
  MAX_FLOW_SAMPLES,
  MAX_MINUTES,
  unwatchedPeriods,
  watchedGapMs,
} from './batch-series';

describe('flowCounts', () => {
  it('counts watched tasks per band (finished first, unchecked and not found last)', () => {
    const tasks = new Map([
      ['a', snap(item('a', 4))],
      ['b', snap(item('b', 3))],
      ['c', snap(null)],
      ['x', snap(item('x', 5))],
    ]);
    expect(flowCounts(['a', 'b', 'c', 'd'], tasks)).toEqual([1, 0, 0, 1, 0, 0, 2]);
  });
});

describe('addFlowSample', () => {
  it('keeps only the ends of a plateau', () => {
    let s = EMPTY_SERIES;
    for (let at = 0; at < 10; at++) s = addFlowSample(s, at, [1, 0, 0, 0, 0, 0, 0], 5_000);
    expect(s.flow.map((f) => f.at)).toEqual([0, 9]);
    s = addFlowSample(s, 10, [2, 0, 0, 0, 0, 0, 0], 5_000);
    expect(s.flow.map((f) => f.at)).toEqual([0, 9, 10]);
  });

  it('stays bounded for a whole shift of changes, keeping the first sample', () => {
    let s = EMPTY_SERIES;
    for (let at = 0; at < 20_000; at++) s = addFlowSample(s, at, [at, 0, 0, 0, 0, 0, 0], 5_000);
    expect(s.flow.length).toBeLessThanOrEqual(MAX_FLOW_SAMPLES);
    expect(s.flow[0]!.at).toBe(0);
    expect(s.flow.at(-1)!.at).toBe(19_999);
  });
});

describe('gaps: periods the console was not watching', () => {
  const running = (n: number) => [0, 0, 0, n, 0, 0, 0];
  const MIN = 60_000;

  it('marks a sample that comes after longer than the polling interval allows (console closed 15 min)', () => {
    let s = EMPTY_SERIES;
    for (let at = 0; at <= 60_000; at += 5_000) s = addFlowSample(s, at, running(10 - at / 10_000), 5_000);
    expect(s.flow.some((f) => f.afterGap)).toBe(false);
    s = addFlowSample(s, 60_000 + 15 * MIN, running(2), 5_000);
    expect(s.flow.at(-1)).toEqual({ at: 60_000 + 15 * MIN, counts: running(2), afterGap: true });
    expect(unwatchedPeriods(s.flow, 60_000 + 15 * MIN, 5_000)).toEqual([{ from: 60_000, to: 60_000 + 15 * MIN }]);
  });

  it('allows the slower beat of the interval chosen, and of tasks checked only now and then', () => {
    expect(watchedGapMs(60_000, running(1))).toBe(3 * 60_000);
    expect(watchedGapMs(5_000, running(1))).toBe(15_000);
    // Only tasks not found: checked every max(10 × interval, 1 min).
    expect(watchedGapMs(5_000, [0, 0, 0, 0, 0, 0, 4])).toBe(3 * 60_000);
    // Polling paused (interval 0): a quarter of a minute without answers is not watching.
    expect(watchedGapMs(0, running(1))).toBe(15_000);
    let s = addFlowSample(EMPTY_SERIES, 0, running(3), 60_000);
    s = addFlowSample(s, 60_000, running(2), 60_000);
    expect(s.flow.at(-1)!.afterGap).toBeUndefined();
  });

  it('does not fold a gap into a plateau: the same counts before and after a closed console stay two periods', () => {
    let s = EMPTY_SERIES;
    for (let at = 0; at <= 20_000; at += 5_000) s = addFlowSample(s, at, running(4), 5_000);
    s = addFlowSample(s, 20_000 + 15 * MIN, running(4), 5_000);
    s = addFlowSample(s, 25_000 + 15 * MIN, running(4), 5_000);
    s = addFlowSample(s, 30_000 + 15 * MIN, running(4), 5_000);
    expect(s.flow.map((f) => [f.at, f.afterGap ?? false])).toEqual([
      [0, false],
      [20_000, false],
      [20_000 + 15 * MIN, true],
      [30_000 + 15 * MIN, false],
    ]);
    expect(unwatchedPeriods(s.flow, 30_000 + 15 * MIN, 5_000)).toEqual([{ from: 20_000, to: 20_000 + 15 * MIN }]);
  });

  it('keeps every gap when the series is halved, and stays bounded when every sample comes after one', () => {
    let s = EMPTY_SERIES;
    let at = 0;
    for (let i = 0; i < 1_000; i++) {
      at += i % 100 === 50 ? 10 * MIN : 5_000;
      s = addFlowSample(s, at, running(i), 5_000);
    }
    expect(s.flow.length).toBeLessThanOrEqual(MAX_FLOW_SAMPLES);
    const gaps = unwatchedPeriods(s.flow, at, 5_000);
    expect(gaps).toHaveLength(10);
    for (const g of gaps) expect(g.to - g.from).toBeGreaterThanOrEqual(10 * MIN);
    let all = EMPTY_SERIES;
    for (let i = 0; i < 1_000; i++) all = addFlowSample(all, i * 10 * MIN, running(i), 5_000);
    expect(all.flow.length).toBeLessThanOrEqual(MAX_FLOW_SAMPLES);
    expect(all.flow.at(-1)!.at).toBe(999 * 10 * MIN);
  });

  it('counts the time since the last sample as not watched once it is longer than allowed', () => {
    const flow = addFlowSample(EMPTY_SERIES, 10 * MIN, running(3), 5_000).flow;
    expect(unwatchedPeriods(flow, 10 * MIN + 10_000, 5_000)).toEqual([]);
    expect(unwatchedPeriods(flow, 30 * MIN, 5_000)).toEqual([{ from: 10 * MIN, to: 30 * MIN }]);
  });
});

describe('addTransitions', () => {
  it('counts ends per minute by outcome and ignores other moves', () => {
    const s = addTransitions(EMPTY_SERIES, [
      { taskId: 'a', from: 3, to: 4, at: 60_000 },
      { taskId: 'b', from: 3, to: 5, at: 61_000 },
      { taskId: 'c', from: 3, to: 6, at: 125_000 },
      { taskId: 'd', from: 2, to: 3, at: 125_000 },
    ]);
    expect(s.perMinute).toEqual([
      { minute: 1, finished: 1, failed: 1, aborted: 0 },
      { minute: 2, finished: 0, failed: 0, aborted: 1 },
    ]);
  });

  it('keeps at most three hours of minutes', () => {
    let s = EMPTY_SERIES;
    for (let m = 0; m < 500; m++) s = addTransitions(s, [{ taskId: 'a', from: 3, to: 4, at: m * 60_000 }]);
    expect(s.perMinute).toHaveLength(MAX_MINUTES);
    expect(s.perMinute.at(-1)!.minute).toBe(499);
  });
});

describe('batchEta', () => {
  const now = 10 * 60_000;
  const series = (ends: number) => ({
    flow: [{ at: 0, counts: [0, 0, 0, 0, 0, 0, 0] }],
    perMinute: [{ minute: 5, finished: ends, failed: 0, aborted: 0 }],
  });

  it('divides live tasks by the observed rate, with a range that narrows as more ends are seen', () => {
    const few = batchEta(series(4), 20, now)!;
    expect(few.perMinute).toBeCloseTo(0.4);
    expect(few.remainingMs).toBe(50 * 60_000);
    expect(few.lowMs).toBeLessThan(few.remainingMs);
    expect(few.highMs).toBeGreaterThan(few.remainingMs);
    const many = batchEta(series(400), 2_000, now)!;
    expect(many.remainingMs).toBe(few.remainingMs);
    expect((many.highMs - many.lowMs) / many.remainingMs).toBeLessThan((few.highMs - few.lowMs) / few.remainingMs);
  });

  it('has no estimate before any task ended, or with nothing live', () => {
    expect(batchEta(series(0), 20, now)).toBeNull();
    expect(batchEta(series(4), 0, now)).toBeNull();
  });
});
