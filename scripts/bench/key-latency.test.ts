import { describe, expect, it } from 'vitest';
import { keyLatencyFigures, type KeyLatencyRecord } from './key-latency';

const record = (over: Partial<KeyLatencyRecord>): KeyLatencyRecord => ({ interactions: [], keys: [], heading: [], ...over });

describe('keyLatencyFigures', () => {
  it("takes a key's longest entry and counts the keys the page did not report as under 16 ms", () => {
    const figures = keyLatencyFigures(
      record({
        keys: [0, 100, 200, 300],
        interactions: [
          { id: 7, durationMs: 24 },
          { id: 7, durationMs: 56 },
          { id: 9, durationMs: 16 },
        ],
      }),
      new Set(),
    );
    expect(figures).toMatchObject({ keys: 4, keysOver16: 2, keysOver50: 1, keyMaxMs: 56, keyP50Ms: 16 });
  });

  it('times a term from its last key to the frame that shows a new count, not the busy one before it', () => {
    const figures = keyLatencyFigures(
      record({
        keys: [1_000, 1_120, 2_000],
        heading: [
          { at: 500, frame: 510, text: 'Watch list (10)', busy: false },
          { at: 1_400, frame: 1_410, text: 'Watch list (10)Filtering…', busy: true },
          { at: 1_450, frame: 1_466, text: 'Watch list (3 of 10 shown)', busy: false },
        ],
      }),
      new Set([1, 2]),
    );
    expect(figures.termsMs).toEqual([346, null]);
  });
});
