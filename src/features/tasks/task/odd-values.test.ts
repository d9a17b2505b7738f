import { describe, expect, it } from 'vitest';
import { progressVerdict, statusWentBack, timeVerdict } from './odd-values';

const now = Date.UTC(2026, 10, 25, 12);

describe('timeVerdict', () => {
  it('takes a millisecond time from 2000 up to a day ahead of the local clock', () => {
    expect(timeVerdict(now - 5_000, now)).toEqual({ at: now - 5_000 });
    expect(timeVerdict(now + 60 * 60_000, now)).toEqual({ at: now + 60 * 60_000 });
  });

  it('says a time that cannot be true is out of range, with the raw value', () => {
    expect(timeVerdict(Date.UTC(4000, 0, 1), now)).toEqual({ odd: `time out of range (raw ${Date.UTC(4000, 0, 1)})` });
    expect(timeVerdict(9_999_999_999_999, now)).toEqual({ odd: 'time out of range (raw 9999999999999)' });
    expect(timeVerdict(Date.UTC(1999, 11, 31), now)).toEqual({ odd: `time out of range (raw ${Date.UTC(1999, 11, 31)})` });
    expect(timeVerdict(0, now)).toEqual({ odd: 'time out of range (raw 0)' });
    expect(timeVerdict(1e16, now)).toEqual({ odd: 'time out of range (raw 10000000000000000)' });
    expect(timeVerdict(Number.NaN, now)).toEqual({ odd: 'time out of range (raw NaN)' });
  });

  it('names a time that reads as seconds rather than milliseconds', () => {
    expect(timeVerdict(Math.floor(now / 1000), now)).toEqual({ odd: `time out of range (raw ${Math.floor(now / 1000)}, seconds?)` });
  });
});

describe('progressVerdict', () => {
  it('takes 0 to 100', () => {
    expect(progressVerdict(0)).toBeNull();
    expect(progressVerdict(100)).toBeNull();
    expect(progressVerdict(37.5)).toBeNull();
  });

  it('says progress outside 0–100 is out of range, with the raw value', () => {
    expect(progressVerdict(500)).toBe('progress out of range (raw 500)');
    expect(progressVerdict(-3)).toBe('progress out of range (raw -3)');
    expect(progressVerdict(Number.POSITIVE_INFINITY)).toBe('progress out of range (raw Infinity)');
  });
});

describe('statusWentBack', () => {
  it('is a move back along Created → Queued → Running → an ending', () => {
    expect(statusWentBack(3, 1)).toBe(true);
    expect(statusWentBack(2, 1)).toBe(true);
    expect(statusWentBack(4, 3)).toBe(true);
    expect(statusWentBack(5, 4)).toBe(true);
  });

  it('is not a move forward, a first answer, or a status the spec does not list', () => {
    expect(statusWentBack(1, 3)).toBe(false);
    expect(statusWentBack(3, 4)).toBe(false);
    expect(statusWentBack(null, 1)).toBe(false);
    expect(statusWentBack(3, 9)).toBe(false);
    expect(statusWentBack(3, 3)).toBe(false);
  });
});
