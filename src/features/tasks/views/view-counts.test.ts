import { describe, expect, it } from 'vitest';
import { item, snap } from '../testing/snapshots';
import { buildRow, type WatchedTask } from '../rows/task-rows';
import { filterRows, type QueryContext } from '../query/language/compile-query';
import { parseQuery } from '../query/language/parse-query';
import { createViewCounts } from './view-counts';

const NOW = 10_000_000;
const MIN = 60_000;
const ctxAt = (now: number): QueryContext => ({ now, stallMs: 5 * MIN, firstSeen: () => undefined });

const failed = (id: string, i: number, code: number, updatedAgo: number) =>
  buildRow(id, i, snap(item(id, 5, { errorCode: code, updateTime: NOW - updatedAgo }), NOW));
const running = (id: string, i: number) => buildRow(id, i, snap(item(id, 3, { taskProgress: 40, updateTime: NOW - MIN }), NOW));

/** n rows: every third Failed with 3002 (updated i minutes ago), the others Running. */
function manyRows(n: number): WatchedTask[] {
  return Array.from({ length: n }, (_, i) => (i % 3 === 0 ? failed(`T${i}`, i, 3002, (i % 120) * MIN) : running(`T${i}`, i)));
}

const expected = (rows: readonly WatchedTask[], text: string, now = NOW) => filterRows(rows, parseQuery(text).query, ctxAt(now)).length;
const countAll = (counts: ReturnType<typeof createViewCounts>) => {
  while (!counts.step(() => false));
  return counts.counts();
};

const STATIC = 'status:failed code:3002';
const TIMED = 'status:failed updated:<1h';

describe('view counts', () => {
  it('counts each query as filterRows would, static and clock-reading alike', () => {
    const rows = manyRows(5_000);
    const counts = createViewCounts();
    counts.setQueries([STATIC, TIMED, '', 'status:running']);
    counts.update(rows, ctxAt(NOW));
    expect(counts.counts().get(STATIC)).toBeNull();
    const done = countAll(counts);
    expect(done.get(STATIC)).toBe(expected(rows, STATIC));
    expect(done.get(TIMED)).toBe(expected(rows, TIMED));
    expect(done.get('')).toBe(5_000);
    expect(done.get('status:running')).toBe(expected(rows, 'status:running'));
    expect(done.get(TIMED)).toBeLessThan(done.get(STATIC)!);
  });

  it('updates a static count from the changed rows alone, at once (no step needed)', () => {
    const rows = manyRows(3_000);
    const counts = createViewCounts();
    counts.setQueries([STATIC]);
    counts.update(rows, ctxAt(NOW));
    countAll(counts);
    const before = counts.counts().get(STATIC)!;
    // In place, as the poller writes its rows: one Running task fails with 3002, one Failed becomes 3001.
    rows[1] = failed('T1', 1, 3002, 0);
    rows[3] = failed('T3', 3, 3001, 0);
    rows[4] = failed('T4', 4, 3002, 0);
    counts.update(rows, ctxAt(NOW + 2_000));
    expect(counts.counts().get(STATIC)).toBe(before + 1);
    expect(counts.counts().get(STATIC)).toBe(expected(rows, STATIC));
    // Nothing left to count for a static view: the first step says done without a pass.
    expect(counts.step(() => true)).toBe(true);
  });

  it('counts a clock-reading view again after an update, as the clock moved', () => {
    const rows = manyRows(3_000);
    const counts = createViewCounts();
    counts.setQueries([TIMED]);
    counts.update(rows, ctxAt(NOW));
    const first = countAll(counts).get(TIMED)!;
    // No row changed, but 30 minutes passed: fewer were updated within the hour.
    counts.update(rows, ctxAt(NOW + 30 * MIN));
    const later = countAll(counts).get(TIMED)!;
    expect(later).toBe(expected(rows, TIMED, NOW + 30 * MIN));
    expect(later).toBeLessThan(first);
  });

  it('updates a clock-reading count from the changed rows at once too, and counts it in full again only now and then', () => {
    const rows = manyRows(3_000);
    const counts = createViewCounts();
    counts.setQueries([TIMED]);
    counts.update(rows, ctxAt(NOW));
    const before = countAll(counts).get(TIMED)!;
    // A running task fails now: within the hour at once, before any pass.
    rows[1] = failed('T1', 1, 3002, 0);
    counts.update(rows, ctxAt(NOW + 2_000));
    expect(counts.counts().get(TIMED)).toBe(before + 1);
    // 2 s after the last full count: no new one yet.
    expect(counts.step(() => true)).toBe(true);
    // Later, the clock has moved on: counted in full again.
    counts.update(rows, ctxAt(NOW + 30 * MIN));
    expect(counts.step(() => true)).toBe(false);
    expect(countAll(counts).get(TIMED)).toBe(expected(rows, TIMED, NOW + 30 * MIN));
  });

  it('counts in slices, and a change during a pass is not lost', () => {
    const rows = manyRows(10_000);
    const counts = createViewCounts();
    counts.setQueries([STATIC, TIMED]);
    counts.update(rows, ctxAt(NOW));
    // Stop at every check: one slice is 256 rows.
    expect(counts.step(() => true)).toBe(false);
    // Row 0 (counted already by the pass) and row 9,999 (not yet) change meanwhile.
    rows[0] = running('T0', 0);
    rows[9_999] = failed('T9999', 9_999, 3002, 0);
    counts.update(rows, ctxAt(NOW));
    let slices = 1;
    while (!counts.step(() => true)) slices++;
    expect(slices).toBeGreaterThan(5);
    expect(counts.counts().get(STATIC)).toBe(expected(rows, STATIC));
    expect(counts.counts().get(TIMED)).toBe(expected(rows, TIMED));
  });

  it('starts over for another list, and keeps a query kept from before', () => {
    const counts = createViewCounts();
    counts.setQueries([STATIC]);
    counts.update(manyRows(300), ctxAt(NOW));
    expect(countAll(counts).get(STATIC)).toBe(100);
    const longer = manyRows(600);
    counts.update(longer, ctxAt(NOW));
    counts.setQueries([STATIC, 'status:running']);
    expect(counts.counts().get(STATIC)).toBe(100);
    const done = countAll(counts);
    expect(done.get(STATIC)).toBe(200);
    expect(done.get('status:running')).toBe(400);
    counts.setQueries(['status:running']);
    expect([...counts.counts().keys()]).toEqual(['status:running']);
  });

  it('gives the same Map while no count changed', () => {
    const rows = manyRows(30);
    const counts = createViewCounts();
    counts.setQueries([STATIC]);
    counts.update(rows, ctxAt(NOW));
    const a = countAll(counts);
    counts.update(rows, ctxAt(NOW + 1));
    expect(countAll(counts)).toBe(a);
  });
});

describe('view counts past the query’s bounds (issue 36)', () => {
  it('counts a stored view whose query is 33,000 characters as showing every row, with no throw', () => {
    const rows = manyRows(300);
    const counts = createViewCounts();
    const huge = 'x'.repeat(33_000);
    counts.setQueries([huge, `id:${'?'.repeat(1_900)}`, STATIC]);
    counts.update(rows, ctxAt(NOW));
    const done = countAll(counts);
    expect(done.get(huge)).toBe(300);
    // One value past 128 characters is left out: nothing else in the query, so every row.
    expect(done.get(`id:${'?'.repeat(1_900)}`)).toBe(300);
    expect(done.get(STATIC)).toBe(expected(rows, STATIC));
  });
  it('with no saved view, a poll update reads no row; a view saved afterwards counts the rows as they are then', () => {
    const rows = manyRows(3_000);
    let reads = 0;
    // Counts reads of rows[i]: before, each update compared every slot with the last seen (100,000 a poll update).
    const watched = new Proxy(rows, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const counts = createViewCounts();
    counts.update(watched, ctxAt(NOW));
    rows[0] = running('T0', 0);
    counts.update(watched, ctxAt(NOW + 2_000));
    expect(reads).toBe(0);
    counts.setQueries([STATIC]);
    expect(countAll(counts).get(STATIC)).toBe(expected(rows, STATIC));
    rows[3] = running('T3', 3);
    counts.update(watched, ctxAt(NOW + 4_000));
    expect(counts.counts().get(STATIC)).toBe(expected(rows, STATIC));
  });
});
