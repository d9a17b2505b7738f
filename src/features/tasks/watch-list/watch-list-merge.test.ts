import { describe, expect, it } from 'vitest';
import { mergeIntoList, mergeIntoPieces, type WatchListChange } from './watch-list-merge';

const id = (i: number) => `Service_AI_m${i}`;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => id(from + i));
const add = (...added: string[]): WatchListChange => ({ added, removed: [] });
const remove = (...removed: string[]): WatchListChange => ({ added: [], removed });

describe('mergeIntoPieces', () => {
  it('appends new IDs to the last piece, then to new pieces, and leaves the other pieces as they were', () => {
    const stored = [range(0, 10), range(10, 18)];
    const merged = mergeIntoPieces(stored, [add(id(5), id(20), id(21), id(22))], 10, 100);
    expect(merged.pieces).toEqual([range(0, 10), [...range(10, 18), id(20), id(21)], [id(22)]]);
    expect(merged.pieces[0]).toBe(stored[0]);
    expect(merged.changed).toEqual([1, 2]);
    expect(merged.effective).toEqual([add(id(20), id(21), id(22))]);
  });

  it('cuts a first import into an empty list into pieces, up to the most IDs a list may hold', () => {
    const merged = mergeIntoPieces([], [add(...range(0, 25))], 10, 22);
    expect(merged.pieces).toEqual([range(0, 10), range(10, 20), range(20, 22)]);
    expect(merged.changed).toEqual([0, 1, 2]);
    expect(merged.effective).toEqual([add(...range(0, 22))]);
  });

  it('takes a removal out of the pieces that hold it, and says only what was there', () => {
    const stored = [range(0, 10), range(10, 20), range(20, 30)];
    const merged = mergeIntoPieces(stored, [remove(id(12), id(15), id(99))], 10, 100);
    expect(merged.pieces).toEqual([range(0, 10), [...range(10, 12), ...range(13, 15), ...range(16, 20)], range(20, 30)]);
    expect(merged.changed).toEqual([1]);
    expect(merged.effective).toEqual([remove(id(12), id(15))]);
  });

  it('applies changes in order: an ID removed and then added again goes to the end, one added and then removed is gone', () => {
    const merged = mergeIntoPieces([range(0, 3)], [remove(id(0)), add(id(0), id(7)), remove(id(7))], 10, 100);
    expect(merged.pieces.flat()).toEqual([id(1), id(2), id(0)]);
    expect(merged.effective).toEqual([remove(id(0)), add(id(0), id(7)), remove(id(7))]);
  });

  it('adds only up to the most IDs a list may hold, and says which fitted', () => {
    const merged = mergeIntoPieces([range(0, 8)], [add(id(8), id(9), id(10))], 5, 10);
    expect(merged.pieces.flat()).toEqual(range(0, 10));
    expect(merged.effective).toEqual([add(id(8), id(9))]);
  });

  it('packs pieces again once removals have thinned them to more than twice as many as needed', () => {
    const stored = Array.from({ length: 10 }, (_, p) => range(p * 10, p * 10 + 10));
    const thinned = mergeIntoPieces(stored, [remove(...range(0, 50))], 10, 1_000);
    expect(thinned.pieces).toHaveLength(10);
    const packed = mergeIntoPieces(stored, [remove(...range(0, 95))], 10, 1_000);
    expect(packed.pieces).toEqual([range(95, 100)]);
    expect(packed.changed).toEqual([0]);
    expect(mergeIntoPieces(stored, [remove(...range(0, 100))], 10, 1_000).pieces).toEqual([]);
  });

  it('looks only through the pieces said to hold the changes’ IDs, and those it wrote itself', () => {
    const stored = [range(0, 10), range(10, 20), range(20, 25)];
    const merged = mergeIntoPieces(stored, [remove(id(12)), add(id(30)), remove(id(30), id(3))], 10, 100, new Set([1]));
    expect(merged.pieces).toEqual([range(0, 10), [...range(10, 12), ...range(13, 20)], range(20, 25)]);
    expect(merged.pieces[0]).toBe(stored[0]);
    expect(merged.effective).toEqual([remove(id(12)), add(id(30)), remove(id(30))]);
  });

  it('changes nothing, and names no piece to write, when nothing takes effect', () => {
    const stored = [range(0, 10), range(10, 12)];
    const merged = mergeIntoPieces(stored, [add(id(3)), remove(id(50))], 10, 100);
    expect(merged.changed).toEqual([]);
    expect(merged.pieces[1]).toBe(stored[1]);
  });
});

describe('mergeIntoList', () => {
  it('gives the same array back when nothing takes effect, a new one otherwise', () => {
    const ids = range(0, 5);
    expect(mergeIntoList(ids, [add(id(1)), remove(id(9))], 100)).toBe(ids);
    expect(mergeIntoList(ids, [remove(id(1)), add(id(9))], 100)).toEqual([id(0), ...range(2, 5), id(9)]);
    expect(mergeIntoList([], [add(id(1), id(2))], 100)).toEqual([id(1), id(2)]);
  });

  // A tab shows the stored list with its own unsaved changes applied. A change heard from another tab
  // (already stored) is applied to the screen under them: the screen must then be what the stored list
  // with that change and the unsaved ones would be. Random lists and changes, from a fixed seed.
  it('a change heard from another tab, applied under this tab’s unsaved changes, gives what the store will hold', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const someIds = (n: number) => Array.from({ length: random(n) }, () => id(random(40)));
    const change = (): WatchListChange => ({ added: [...new Set(someIds(6))], removed: someIds(6) });
    for (let run = 0; run < 500; run++) {
      const stored = [...new Set(someIds(30))];
      const unsaved = Array.from({ length: random(4) }, change);
      const heard = Array.from({ length: 1 + random(3) }, change);
      const screen = mergeIntoList(stored, unsaved, 1_000);
      const after = mergeIntoList(mergeIntoList(screen, heard, 1_000), unsaved, 1_000);
      const truth = mergeIntoList(mergeIntoList(stored, heard, 1_000), unsaved, 1_000);
      expect([...after].sort()).toEqual([...truth].sort());
      expect(new Set(after).size).toBe(after.length);
    }
  });

  it('times a change to a list of 100,000 IDs (printed, not asserted)', () => {
    const big = range(0, 100_000);
    const pieces = Array.from({ length: 20 }, (_, p) => big.slice(p * 5_000, (p + 1) * 5_000));
    const time = (label: string, run: () => unknown) => {
      const runs = [0, 1, 2].map(() => {
        const start = performance.now();
        run();
        return (performance.now() - start).toFixed(1);
      });
      console.log(`${label}: ${runs.join(', ')} ms (three runs)`);
    };
    time('add 3 IDs to 100,000 stored in 20 pieces', () => mergeIntoPieces(pieces, [add(id(-1), id(-2), id(-3))], 5_000, 100_000));
    time('remove 3 IDs from 100,000 stored in 20 pieces', () =>
      mergeIntoPieces(pieces, [remove(id(1), id(50_000), id(99_999))], 5_000, 100_000),
    );
    time('add 3 IDs to 100,000 on screen', () => mergeIntoList(big, [add(id(-1), id(-2), id(-3))], 100_001));
    expect(big).toHaveLength(100_000);
  });
});
