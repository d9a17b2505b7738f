import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { item, snap } from '../../testing/snapshots';
import { buildRow, type WatchedTask } from '../../rows/task-rows';
import { sortKeyBy, SORT_OPTIONS } from './task-columns';
import { sortRows } from './sort-rows';

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
        fc.constantFrom(...SORT_OPTIONS.map((o) => o.key)),
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
          expect(sortRows(rows, sortKeyBy(key), desc)).toEqual(sortedByComparator(rows, sortKeyBy(key), desc));
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
