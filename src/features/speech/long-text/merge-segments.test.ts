import { describe, expect, it } from 'vitest';
import { mergeSegments } from './merge-segments';

describe('mergeSegments', () => {
  it('shifts each part by its start and renumbers; unknown shapes pass through', () => {
    const merged = mergeSegments([
      { startMs: 0, speeches: [{ index: 0, text: 'A.', startMs: 0, endMs: 900 }] },
      {
        startMs: 1000.5,
        speeches: [{ index: 0, text: 'B.', startMs: 10, endMs: 500 }, { odd: true }, { index: 1, text: 'C.', startMs: 500, endMs: 800 }],
      },
    ]);
    expect(merged).toEqual([
      { index: 0, text: 'A.', startMs: 0, endMs: 900 },
      { index: 1, text: 'B.', startMs: 1010.5, endMs: 1500.5 },
      { odd: true },
      { index: 3, text: 'C.', startMs: 1500.5, endMs: 1800.5 },
    ]);
  });
});
