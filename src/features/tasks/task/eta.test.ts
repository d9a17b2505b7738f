import { describe, expect, it } from 'vitest';
import { item, snap } from '../testing/snapshots';
import { estimateRemainingMs, isStalled } from './eta';

const running = (progress: number, changedAt: number, first: { progress: number; at: number } | null) =>
  snap(item('Service_AI_a', 3, { taskProgress: progress }), changedAt, { changedAt, firstRunning: first });

describe('estimateRemainingMs', () => {
  it('extrapolates the observed progress rate', () => {
    // 10% → 70% in 60 s is 1%/s, so 30% more takes 30 s.
    expect(estimateRemainingMs(running(70, 60_000, { progress: 10, at: 0 }), 60_000)).toBe(30_000);
    expect(estimateRemainingMs(running(70, 60_000, { progress: 10, at: 0 }), 70_000)).toBe(20_000);
  });

  it('never goes below zero', () => {
    expect(estimateRemainingMs(running(90, 60_000, { progress: 0, at: 0 }), 200_000)).toBe(0);
  });

  it('has no estimate from too little observed: under 5 points or under a minute', () => {
    expect(estimateRemainingMs(running(30, 20_000, { progress: 10, at: 0 }), 20_000)).toBeNull();
    expect(estimateRemainingMs(running(14, 120_000, { progress: 10, at: 0 }), 120_000)).toBeNull();
  });

  it('has no estimate from progress outside 0–100', () => {
    expect(estimateRemainingMs(running(500, 60_000, { progress: 10, at: 0 }), 60_000)).toBeNull();
  });

  it('has no estimate without a rate or for tasks that are not running', () => {
    expect(estimateRemainingMs(running(30, 20_000, null), 20_000)).toBeNull();
    expect(estimateRemainingMs(running(30, 20_000, { progress: 30, at: 0 }), 20_000)).toBeNull();
    expect(estimateRemainingMs(snap(item('Service_AI_a', 2)), 20_000)).toBeNull();
    expect(estimateRemainingMs(snap(item('Service_AI_a', 4)), 20_000)).toBeNull();
  });
});

describe('isStalled', () => {
  it('flags a running task unchanged for the configured time', () => {
    const s = running(40, 1_000, { progress: 10, at: 0 });
    expect(isStalled(s, 1_000 + 59_999, 60_000)).toBe(false);
    expect(isStalled(s, 1_000 + 60_000, 60_000)).toBe(true);
  });

  it('never flags other statuses, unknown tasks, or when the rule is off', () => {
    expect(isStalled(snap(item('Service_AI_a', 2)), 1e9, 60_000)).toBe(false);
    expect(isStalled(snap(item('Service_AI_a', 4)), 1e9, 60_000)).toBe(false);
    expect(isStalled(undefined, 1e9, 60_000)).toBe(false);
    expect(isStalled(running(40, 0, null), 1e9, 0)).toBe(false);
  });
});
