import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatSeconds } from './format';

describe('format', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
  ])('formatBytes(%d) = %s', (n, text) => expect(formatBytes(n)).toBe(text));

  it.each([
    [0, '0:00.0'],
    [75.25, '1:15.3'],
    [59.96, '1:00.0'], // rounded before it is split, never "0:60.0"
    [119.99, '2:00.0'],
    [Number.NaN, '–'],
    [Number.POSITIVE_INFINITY, '–'],
  ])('formatSeconds(%d) = %s', (s, text) => expect(formatSeconds(s)).toBe(text));

  it('formatCount groups thousands', () => expect(formatCount(100000)).toBe('100,000'));
  it('formatCount writes what en-US toLocaleString writes', () => {
    for (const n of [0, 7, 999, 1000, -1000, 12345, -123456, 1234567, 100000, Number.MAX_SAFE_INTEGER, 1234.5, -0.25]) {
      expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
