import { describe, expect, it } from 'vitest';
import { batchIds, mapLimit } from './batch-ids';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `Service_AI_${i}`);

describe('batchIds', () => {
  it.each([
    [1, [1]],
    [100, [100]],
    [101, [100, 1]],
    [250, [100, 100, 50]],
    [10_000, Array<number>(100).fill(100)],
  ])('splits %i IDs into batches of %j', (n, sizes) => {
    const batches = batchIds(ids(n));
    expect(batches.map((b) => b.length)).toEqual(sizes);
    expect(batches.flat()).toEqual(ids(n));
  });

  it('batches the due IDs of an open set as they come, each once', () => {
    const open = new Set([...ids(150), ...ids(150)]);
    const batches = batchIds([...open]);
    expect(batches.map((b) => b.length)).toEqual([100, 50]);
    expect(new Set(batches.flat()).size).toBe(150);
  });

  it('returns no batches for no IDs', () => {
    expect(batchIds([])).toEqual([]);
  });
});

describe('mapLimit', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});
