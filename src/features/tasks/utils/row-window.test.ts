import { describe, expect, it } from 'vitest';
import { rowWindow } from './row-window';

describe('rowWindow', () => {
  it('renders the rows in view plus overscan, with spacers for the rest', () => {
    expect(rowWindow(10_000, 50, 0, 500, 5)).toEqual({ start: 0, end: 16, top: 0, bottom: (10_000 - 16) * 50 });
    expect(rowWindow(10_000, 50, 25_000, 500, 5)).toEqual({ start: 495, end: 516, top: 495 * 50, bottom: (10_000 - 516) * 50 });
  });

  it('clamps at the end and for short lists', () => {
    expect(rowWindow(10_000, 50, 10_000 * 50, 500, 5)).toMatchObject({ end: 10_000, bottom: 0 });
    expect(rowWindow(3, 50, 0, 500, 5)).toEqual({ start: 0, end: 3, top: 0, bottom: 0 });
    expect(rowWindow(0, 50, 100, 500, 5)).toEqual({ start: 0, end: 0, top: 0, bottom: 0 });
  });

  it('keeps the total height constant', () => {
    for (const scrollTop of [0, 123, 4_567, 499_000]) {
      const w = rowWindow(10_000, 50, scrollTop, 600, 4);
      expect(w.top + (w.end - w.start) * 50 + w.bottom).toBe(500_000);
    }
  });
});
