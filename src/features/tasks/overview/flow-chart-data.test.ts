import { describe, expect, it } from 'vitest';
import type { FlowSample } from '../history';
import { flowHasData, flowTableRows, stackedData } from './flow-chart-data';

const MIN = 60_000;
const running = (n: number, finished = 0) => [finished, 0, 0, n, 0, 0, 0];
const s = (at: number, counts: number[], afterGap?: true): FlowSample => (afterGap ? { at, counts, afterGap } : { at, counts });

describe('stackedData', () => {
  it('breaks every band at a gap (null between the two samples), so no slope is drawn across a closed console', () => {
    const flow = [s(0, running(10)), s(5_000, running(9, 1)), s(5_000 + 15 * MIN, running(2, 8), true)];
    const [xs, ...tops] = stackedData(flow, 5_000 + 15 * MIN, 5_000);
    expect(xs).toEqual([0, 5, 5.001, 5 + 15 * 60]);
    for (const band of tops) expect(band[2]).toBeNull();
    // Topmost band first: every task; the running band's top before and after the gap.
    expect(tops[0]).toEqual([10, 10, null, 10]);
  });

  it('holds the last counts until now while watched, and leaves the time since blank when not', () => {
    const flow = [s(0, running(3)), s(5_000, running(3))];
    expect(stackedData(flow, 9_000, 5_000)[0]).toEqual([0, 5, 9]);
    expect(stackedData(flow, 9_000, 5_000)[1]).toEqual([3, 3, 3]);
    const [xs, top] = stackedData(flow, 20 * MIN, 5_000);
    expect(xs).toEqual([0, 5, 20 * 60]);
    expect(top).toEqual([3, 3, null]);
  });

  it('gives a first sample not yet behind the clock a second point, so the time axis spans its minute and not a day', () => {
    const flow = [s(61_000, running(4))];
    // The chart's clock is floored to its step: right after the first answer, now is the sample's own time.
    const [xs, top] = stackedData(flow, 61_000, 5_000);
    expect(xs).toEqual([61, 61.001]);
    expect(top).toEqual([4, 4]);
    expect(stackedData(flow, 70_000, 5_000)[0]).toEqual([61, 70]);
  });
});

describe('flowTableRows', () => {
  it('says where the console was not watching, between the samples around it', () => {
    const flow = [s(0, running(10)), s(5_000, running(9)), s(5_000 + 15 * MIN, running(2), true), s(10_000 + 15 * MIN, running(1))];
    const rows = flowTableRows(flow, 10_000 + 15 * MIN, 5_000);
    expect(rows.map((r) => (r.kind === 'sample' ? r.sample.at : `gap ${r.from}-${r.to}`))).toEqual([
      0,
      5_000,
      `gap 5000-${5_000 + 15 * MIN}`,
      5_000 + 15 * MIN,
      10_000 + 15 * MIN,
    ]);
  });

  it('keeps every gap and a dozen samples however long the series, and ends with the time since the last sample if not watched', () => {
    const flow: FlowSample[] = [];
    for (let i = 0; i < 200; i++) flow.push(s(i * 5_000 + (i >= 100 ? 30 * MIN : 0), running(200 - i), i === 100 ? true : undefined));
    const end = flow.at(-1)!.at + 10 * MIN;
    const rows = flowTableRows(flow, end, 5_000);
    expect(rows.filter((r) => r.kind === 'sample')).toHaveLength(12);
    expect(rows.filter((r) => r.kind === 'unwatched')).toEqual([
      { kind: 'unwatched', from: 99 * 5_000, to: 100 * 5_000 + 30 * MIN },
      { kind: 'unwatched', from: flow.at(-1)!.at, to: end },
    ]);
    expect(rows.at(-1)!.kind).toBe('unwatched');
  });
});

describe('flowHasData', () => {
  it('is false with no samples, or when no watched task has a status yet (only not checked, not found, unknown)', () => {
    expect(flowHasData([])).toBe(false);
    // Six tasks, none answered: the chart was scaled to 6 with nothing to see.
    expect(flowHasData([s(0, [0, 0, 0, 0, 0, 0, 6]), s(5_000, [0, 0, 0, 0, 0, 0, 6])])).toBe(false);
    expect(flowHasData([s(0, [0, 0, 0, 0, 0, 0, 0])])).toBe(false);
    expect(flowHasData([s(0, [0, 0, 0, 0, 0, 0, 6]), s(5_000, [0, 0, 0, 1, 0, 0, 5])])).toBe(true);
  });
});
