import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { countAxis, countRange } from './count-axis';

// What uPlot calls: an axis's splits with the scale's range and the step it found room for.
const ticks = (min: number, max: number, foundIncr: number) => {
  const axis = countAxis({});
  const splits = axis.splits as (u: uPlot, axisIdx: number, min: number, max: number, incr: number, space: number) => number[];
  return splits({} as uPlot, 1, min, max, foundIncr, 30);
};

describe('count axis', () => {
  it('has whole-number ticks only, where uPlot would pick 0.25 or 2.5', () => {
    // The audit's ticks: 0.25 on a chart of one task, 2.5 and 7.5 on one of fifteen.
    expect(ticks(0, 1, 0.25)).toEqual([0, 1]);
    expect(ticks(0, 15, 2.5)).toEqual([0, 5, 10, 15]);
    expect(ticks(0, 3, 0.5)).toEqual([0, 1, 2, 3]);
    expect(ticks(0, 1_234, 200)).toEqual([0, 200, 400, 600, 800, 1_000, 1_200]);
  });

  it('offers uPlot only whole steps, so its labels have no decimals', () => {
    const incrs = countAxis({}).incrs as number[];
    expect(incrs.length).toBeGreaterThan(0);
    expect(incrs.every(Number.isInteger)).toBe(true);
  });

  it('ends its scale on a whole number', () => {
    expect(countRange({} as uPlot, 0, 0, 'y')).toEqual([0, 1]);
    expect(countRange({} as uPlot, 0, 6, 'y')).toEqual([0, 6]);
  });
});
