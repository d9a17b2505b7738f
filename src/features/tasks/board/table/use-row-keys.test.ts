import { describe, expect, it } from 'vitest';
import { rowKeys } from './use-row-keys';

const window = (from: number, n: number) => Array.from({ length: n }, (_, i) => `t${from + i}`);
const first = window(0, 10);
const firstKeys = rowKeys([], [], first);

describe('rowKeys (the table keeps its rows mounted)', () => {
  it('numbers the first rows by place', () => {
    expect(firstKeys).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a scroll by one row: every task still in view keeps its key, the new one takes the key that left', () => {
    expect(rowKeys(first, firstKeys, window(1, 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
    expect(rowKeys(first, firstKeys, window(0, 9))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a scroll by more than half the drawn rows: the tasks still in view keep their keys, only the new ones take others', () => {
    // A wheel step of 500 px: 10 of 19 drawn rows new, 9 still in view.
    const drawn = window(0, 19);
    const keys = rowKeys([], [], drawn);
    const next = window(10, 19);
    const nextKeys = rowKeys(drawn, keys, next);
    expect(nextKeys.slice(0, 9)).toEqual(keys.slice(10));
    expect(new Set(nextKeys).size).toBe(19);
  });

  it('rows reordered by a poll update keep their keys (each row moves with its task)', () => {
    const reordered = [...first].reverse();
    expect(rowKeys(first, firstKeys, reordered)).toEqual([...firstKeys].reverse());
  });

  it('mostly other tasks (a committed query): keys by place, a few tasks that stay included, none moves', () => {
    const next = ['t3', 't7', ...window(100, 8)];
    expect(rowKeys(first, firstKeys, next)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('mostly other tasks, one of them focused: the focused task keeps its key, the others go by place', () => {
    const next = ['t3', 't7', ...window(100, 8)];
    const keys = rowKeys(first, firstKeys, next, 't7');
    expect(keys[1]).toBe(7);
    expect(keys[0]).toBe(0);
    expect(new Set(keys).size).toBe(10);
    // Not drawn any more: nothing to keep.
    expect(rowKeys(first, firstKeys, window(100, 10), 't7')).toEqual(firstKeys);
  });

  it('more rows than before: new keys, never one in use; the keys are always distinct', () => {
    const more = window(2, 12);
    const keys = rowKeys(first, firstKeys, more);
    expect(keys).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 10, 11]);
    for (let shift = 0; shift < 30; shift += 7) {
      const ids = window(shift, 3 + (shift % 11));
      const k = rowKeys(more, keys, ids);
      expect(new Set(k).size).toBe(ids.length);
    }
  });
});
