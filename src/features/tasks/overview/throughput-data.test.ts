import { describe, expect, it } from 'vitest';
import { minuteRange } from './throughput-data';

const MIN = 60_000;

describe('minuteRange', () => {
  it('marks the minutes the console was not watching (and before it first did), and leaves their counts out', () => {
    const now = 30 * MIN + 10_000;
    const perMinute = [{ minute: 22, finished: 2, failed: 0, aborted: 0 }];
    const minutes = minuteRange(perMinute, now, { firstSample: 12 * MIN + 30_000, unwatched: [{ from: 15 * MIN + 20_000, to: 25 * MIN }] });
    const watched = (m: number) => minutes.find((b) => b.minute === m)!.watched;
    // Shown: minute 21 to 30 (ten minutes). Before the first sample (12:30) nothing was watched.
    expect(minutes.map((b) => b.minute)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect([21, 23, 24].map(watched)).toEqual([false, false, false]);
    // An end the gateway dated inside the gap is still counted: it is known.
    expect(minutes.find((b) => b.minute === 22)).toMatchObject({ finished: 2, watched: true });
    expect([25, 26, 30].map(watched)).toEqual([true, true, true]);
  });

  it('counts nothing as watched before any sample', () => {
    const minutes = minuteRange([], 10 * MIN, { firstSample: null, unwatched: [] });
    expect(minutes.map((b) => b.watched)).toEqual(Array(10).fill(false));
  });
});
