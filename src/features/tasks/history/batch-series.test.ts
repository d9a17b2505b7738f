import { describe, expect, it } from 'vitest';
import { item, snap } from '../testing/snapshots';
import { addFlowSample, addTransitions, batchEta, EMPTY_SERIES, flowCounts, MAX_FLOW_SAMPLES, MAX_MINUTES } from './batch-series';

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
    for (let at = 0; at < 10; at++) s = addFlowSample(s, at, [1, 0, 0, 0, 0, 0, 0]);
    expect(s.flow.map((f) => f.at)).toEqual([0, 9]);
    s = addFlowSample(s, 10, [2, 0, 0, 0, 0, 0, 0]);
    expect(s.flow.map((f) => f.at)).toEqual([0, 9, 10]);
  });

  it('stays bounded for a whole shift of changes, keeping the first sample', () => {
    let s = EMPTY_SERIES;
    for (let at = 0; at < 20_000; at++) s = addFlowSample(s, at, [at, 0, 0, 0, 0, 0, 0]);
    expect(s.flow.length).toBeLessThanOrEqual(MAX_FLOW_SAMPLES);
    expect(s.flow[0]!.at).toBe(0);
    expect(s.flow.at(-1)!.at).toBe(19_999);
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
