import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { item, snap } from '../testing/snapshots';
import { buildRow, type WatchedTask } from './task-rows';
import { SORT_KEYS } from './sort-keys';
import { radixOrder, sortRows, warmUpSort } from './sort-rows';

/** The order a comparator sort gives (ties in list order, both reversed when descending): how the list sorted before. */
function sortedByComparator(rows: readonly WatchedTask[], key: ((row: WatchedTask) => number) | null, descending: boolean) {
  const compare = (a: WatchedTask, b: WatchedTask) => (key ? key(a) - key(b) : 0) || a.index - b.index;
  return [...rows].sort(descending ? (a, b) => compare(b, a) : compare);
}

describe('sortRows', () => {
  it('orders as a sort by the column’s comparator does, ties in list order, for every sort either way', () => {
    const rowArb = fc.record({
      status: fc.constantFrom(1, 2, 3, 4, 5, 6),
      progress: fc.integer({ min: 0, max: 100 }),
      updateTime: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
      answered: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 40 }),
        fc.constantFrom('list', ...Object.keys(SORT_KEYS)),
        fc.boolean(),
        (specs, key, desc) => {
          // Every other row of a list of twice as many: positions in the list are not positions in the array.
          const rows = specs.map((s, i) =>
            buildRow(
              `t${i}`,
              i * 2,
              s.answered ? snap(item(`t${i}`, s.status, { taskProgress: s.progress, updateTime: s.updateTime as number }), 1) : undefined,
            ),
          );
          const by = key === 'list' ? null : SORT_KEYS[key as keyof typeof SORT_KEYS];
          expect(sortRows(rows, by, desc)).toEqual(sortedByComparator(rows, by, desc));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the rows themselves back for the list’s own order', () => {
    const rows = [buildRow('a', 0, undefined), buildRow('b', 1, undefined)];
    expect(sortRows(rows, null, false)).toBe(rows);
    expect(sortRows(rows, null, true).map((r) => r.id)).toEqual(['b', 'a']);
  });
});

describe('sortRows, keys and lists beyond the columns’ own', () => {
  const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => buildRow(`t${i}`, i, undefined));
  const keyFrom = (keys: readonly number[]) => (r: WatchedTask) => keys[r.index]!;

  it('orders any numbers as the comparator does (negative, fractions, zeros, infinities), in list order or not', () => {
    const keyArb = fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: -3, max: 3 }), fc.constantFrom(0, -0, 1e12, Infinity, -Infinity));
    fc.assert(
      fc.property(fc.array(keyArb, { maxLength: 60 }), fc.boolean(), fc.boolean(), (keys, desc, shuffled) => {
        const rows = rowsOf(keys.length);
        const given = shuffled ? [...rows].reverse() : rows;
        // The comparator, with -0 and 0 one key.
        const expected = sortedByComparator(given, (r) => keys[r.index]! + 0, desc);
        expect(sortRows(given, keyFrom(keys), desc)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('radix-orders any numbers stably, as a stable sort by key does, NaN last', () => {
    // sortRows uses it from 16,384 rows: here its order is checked on small arrays of any doubles.
    const keyArb = fc.oneof(
      fc.double(),
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(0, -0, 1e12, 1_764_000_000_123, Infinity, -Infinity, NaN),
    );
    fc.assert(
      fc.property(fc.array(keyArb, { maxLength: 80 }), (keys) => {
        const rank = (k: number) => (Number.isNaN(k) ? 1 : 0);
        const expected = keys
          .map((_, i) => i)
          .sort((a, b) => rank(keys[a]!) - rank(keys[b]!) || (rank(keys[a]!) ? 0 : keys[a]! - keys[b]!) || a - b);
        expect([...radixOrder(Float64Array.from(keys))]).toEqual(expected);
      }),
      { numRuns: 1_000 },
    );
  });

  it('puts keys that are not numbers after every number, and first when descending', () => {
    const rows = rowsOf(5);
    const key = keyFrom([NaN, 3, -Infinity, NaN, Infinity]);
    expect(sortRows(rows, key, false).map((r) => r.id)).toEqual(['t2', 't1', 't4', 't0', 't3']);
    expect(sortRows(rows, key, true).map((r) => r.id)).toEqual(['t3', 't0', 't4', 't1', 't2']);
    expect(sortRows([...rows].reverse(), key, false).map((r) => r.id)).toEqual(['t2', 't1', 't4', 't0', 't3']);
  });

  it('orders 100,000 rows of timestamps, many of them equal, as the comparator does', () => {
    const rows = rowsOf(100_000);
    const keys = rows.map((r) => 1_764_000_000_000 + ((r.index * 7_919) % 5_000) * 1_000);
    for (const desc of [false, true]) expect(sortRows(rows, keyFrom(keys), desc)).toEqual(sortedByComparator(rows, keyFrom(keys), desc));
  });
});

describe('warmUpSort', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sorts once, when the browser is idle, for a list the radix sort would sort, and never again in the page', () => {
    const idle: Array<() => void> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const list = (n: number) => Array.from({ length: n }, (_, i) => buildRow(`t${i}`, i, undefined));
    const keyReads: number[] = [];
    const counting = (r: WatchedTask) => (keyReads.push(r.index), r.index);
    // A short list: the comparator sorts it, nothing to compile.
    warmUpSort(list(1_000), counting)();
    expect(idle).toHaveLength(0);
    // A list gone before the browser was idle: its callback cancelled.
    warmUpSort(list(20_000), counting)();
    expect(cancelled).toEqual([1]);
    warmUpSort(list(20_000), counting);
    expect(idle).toHaveLength(2);
    idle[1]!();
    // The list's first rows read with its key, three rounds: the loops compiled with the rows the list holds.
    expect(keyReads).toHaveLength(3 * 2_048);
    expect(new Set(keyReads).size).toBe(2_048);
    warmUpSort(list(20_000), counting);
    expect(idle).toHaveLength(2);
    // The sorts after it order as before (its working arrays were sized for its own keys).
    const rows = Array.from({ length: 20_000 }, (_, i) => buildRow(`t${i}`, i, undefined));
    const keys = rows.map((r) => (r.index * 7_919) % 1_000);
    const key = (r: WatchedTask) => keys[r.index]!;
    expect(sortRows(rows, key, true)).toEqual(sortedByComparator(rows, key, true));
  });
});
