import { afterEach, describe, expect, it } from 'vitest';
import { timed } from './measure-cost';

const probe = globalThis as { __consoleMeasureCosts?: unknown };

afterEach(() => delete probe.__consoleMeasureCosts);

describe('timed', () => {
  it('gives the work’s result and records nothing in an operator’s page', () => {
    expect(timed('overview: test', () => 42)).toBe(42);
    expect(probe.__consoleMeasureCosts).toBeUndefined();
    expect(performance.getEntriesByType('measure')).toEqual([]);
  });

  it('adds the work’s time to its name when the page was opened to measure the overview', () => {
    const sums: Record<string, number> = {};
    probe.__consoleMeasureCosts = sums;
    expect(timed('overview: test', () => 'x')).toBe('x');
    expect(timed('overview: test', () => 'y')).toBe('y');
    expect(Object.keys(sums)).toEqual(['overview: test']);
    expect(sums['overview: test']).toBeGreaterThanOrEqual(0);
    expect(performance.getEntriesByType('measure')).toEqual([]);
  });
});
