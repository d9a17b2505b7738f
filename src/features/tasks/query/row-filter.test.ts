import { afterEach, describe, expect, it, vi } from 'vitest';
import { item, snap } from '../testing/snapshots';
import { buildRow, type WatchedTask } from '../rows/task-rows';
import { filterRows, type QueryContext } from './language/compile-query';
import { parseQuery } from './language/parse-query';
import { printQuery } from './language/print-query';
import { createRowFilter, type FilterRun, SLICE_WORK } from './row-filter';

const NOW = 10_000_000;
const MIN = 60_000;
const ctx: QueryContext = { now: NOW, stallMs: 5 * MIN, firstSeen: () => NOW - 60 * MIN };

/** The bench's mix, small: 80% finished, 12% failed with a 300x code, 8% aborted; updated over the last 3 hours. */
function makeRows(count: number): WatchedTask[] {
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, (_, i) => {
    const id = `Service_AI_${Math.floor(random() * 2 ** 40).toString(16)}${i.toString(16).padStart(6, '0')}`;
    const roll = random();
    const status = roll < 0.8 ? 4 : roll < 0.92 ? 5 : 6;
    const errorCode = status === 5 ? 3001 + Math.floor(random() * 3) : 0;
    return buildRow(id, i, snap(item(id, status, { errorCode, updateTime: NOW - Math.floor(random() * 180 * MIN) }), NOW));
  });
}

/** A run taken to its end at once; its rows and how many it read. */
function finish(run: FilterRun) {
  let steps = 1;
  while (!run.step()) steps++;
  return { rows: run.result!, examined: run.examined, steps };
}

/** Each prefix of `text` as the list runs it: a run when the canonical print changes. */
function typeInto(rows: readonly WatchedTask[], text: string) {
  const filter = createRowFilter();
  const runs: Array<{ query: string; examined: number; rows: readonly WatchedTask[] }> = [];
  let printed: string | null = null;
  for (let n = 1; n <= text.length; n++) {
    const canonical = printQuery(parseQuery(text.slice(0, n)).query);
    if (canonical === printed) continue;
    printed = canonical;
    const { rows: kept, examined } = finish(filter.start({ rows, version: 1, terms: parseQuery(canonical).query.terms, ctx }));
    runs.push({ query: canonical, examined, rows: kept });
  }
  return runs;
}

const expected = (rows: readonly WatchedTask[], text: string) => filterRows(rows, parseQuery(text).query, ctx);

afterEach(() => vi.useRealTimers());

describe('createRowFilter', () => {
  const rows = makeRows(20_000);

  it('keeps what filterRows keeps, in list order, at every key of a typed query', () => {
    for (const text of ['status:failed code:3002 updated:<1h', 'Service_AI_3f -status:finished', 'status:failed,aborted -code:3001 zz'])
      for (const run of typeInto(rows, text)) expect(run.rows, run.query).toEqual(expected(rows, run.query));
  });

  it('reads only the last result when a query refines it: far fewer rows than the list per refined key', () => {
    const runs = typeInto(rows, 'status:failed code:3002 updated:<1h');
    const at = (q: string) => runs.find((r) => r.query === q)!;
    // The first term reads the list; each term after it reads only the rows the query before it kept.
    expect(at('status:failed').examined).toBe(rows.length);
    expect(at('status:failed code:3002').examined).toBe(at('status:failed').rows.length);
    expect(at('status:failed code:3002 updated:<1h').examined).toBe(at('status:failed code:3002').rows.length);
    expect(at('status:failed code:3002').examined).toBeLessThan(rows.length / 5);
    // Free text typed letter by letter: each letter reads what the one before kept.
    const text = typeInto(rows, 'Service_AI_3f');
    for (let i = 1; i < text.length; i++) expect(text[i]!.examined).toBe(text[i - 1]!.rows.length);
    expect(text.at(-1)!.rows.length).toBeLessThan(rows.length / 10);
  });

  it('reads nothing for a query it has the rows of, and everything again after a poll update', () => {
    const filter = createRowFilter();
    const start = (text: string, version = 1) => filter.start({ rows, version, terms: parseQuery(text).query.terms, ctx });
    finish(start('status:failed code:3002'));
    finish(start('status:failed'));
    // The same terms in another order or with a sort: the kept rows, read again not at all.
    const again = start('code:3002 status:failed sort:updated');
    expect(again.result).toEqual(expected(rows, 'status:failed code:3002'));
    expect(again.examined).toBe(0);
    // A wider query than any kept: the list.
    expect(finish(start('status:aborted')).examined).toBe(rows.length);
    // A poll update may have changed any row: nothing kept holds.
    expect(finish(start('status:failed code:3002', 2)).examined).toBe(rows.length);
  });

  it('after a poll update, brings a kept result up to date by reading only the rows it wrote', () => {
    const live = [...rows];
    const filter = createRowFilter();
    let version = 1;
    const written: number[][] = [];
    const start = (text: string) =>
      filter.start({
        rows: live,
        version,
        terms: parseQuery(text).query.terms,
        ctx,
        // Positions written after `since` (this test's log: one entry per version after the first).
        written: (since) => written.slice(since - 1).flat(),
      });
    const text = 'status:failed code:3002 updated:<1h';
    finish(start(text));
    let seed = 3;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let update = 0; update < 5; update++) {
      // A poll update rewrites 300 rows in place: some become Failed with code 3002 just now, others Finished.
      const positions = Array.from({ length: 300 }, () => Math.floor(random() * live.length));
      for (const p of positions) {
        const id = live[p]!.id;
        const failedNow = random() < 0.5;
        live[p] = buildRow(id, p, snap(item(id, failedNow ? 5 : 4, { errorCode: failedNow ? 3002 : 0, updateTime: NOW - MIN }), NOW));
      }
      written.push(positions);
      version++;
      const before = filter.rowsReread;
      const run = start(text);
      expect(run.examined).toBe(0);
      expect(run.result).toEqual(expected(live, text));
      // The query's result and the one of its terms not on times (kept for the next clock step): the 300 rows each.
      expect(filter.rowsReread - before).toBe(600);
    }
    // Two updates read at once (the page skipped a render): both updates' rows.
    written.push([0], [1]);
    version += 2;
    const before = filter.rowsReread;
    expect(start(text).result).toEqual(expected(live, text));
    expect(filter.rowsReread - before).toBe(4);
  });

  it('after a poll update, reads every row again when the writes are not known, or the clock stepped on a query on times alone', () => {
    const filter = createRowFilter();
    const start = (text: string, version: number, now = NOW, known = true) =>
      filter.start({ rows, version, terms: parseQuery(text).query.terms, ctx: { ...ctx, now }, written: () => (known ? [] : null) });
    finish(start('status:failed', 1));
    expect(finish(start('status:failed', 2, NOW, false)).examined).toBe(rows.length);
    finish(start('updated:<1h', 3));
    expect(finish(start('updated:<1h', 4, NOW + 5_000)).examined).toBe(rows.length);
    // A query on times at the same clock step, first-seen times too: up to date from the writes alone.
    finish(start('age:>1m', 5));
    expect(start('age:>1m', 6).examined).toBe(0);
    finish(start('updated:<1h status:failed', 7));
    expect(start('updated:<1h status:failed', 8).examined).toBe(0);
  });

  it('at the next clock step, reads a query on times again from the rows its other terms keep, not the list', () => {
    // First-seen times as the history has them: one task's is recorded only after the first read.
    const seen = new Map(rows.map((r, i) => [r.id, NOW - (i % 90) * MIN]));
    const late = rows.find(
      (r) => r.snapshot?.item?.taskStatus === 5 && r.snapshot?.item?.errorCode !== 3001 && NOW - r.updateTime! < 60 * MIN,
    )!;
    seen.delete(late.id);
    const firstSeen = (row: Pick<WatchedTask, 'id'>) => seen.get(row.id);
    const at = (now: number): QueryContext => ({ ...ctx, now, firstSeen });
    const filter = createRowFilter();
    const text = 'status:failed -code:3001 updated:<2h age:>30m';
    const start = (now: number, version: number) =>
      filter.start({ rows, version, terms: parseQuery(text).query.terms, ctx: at(now), written: () => [] });
    const steady = expected(rows, 'status:failed -code:3001');
    const first = finish(start(NOW, 1));
    expect(first.examined).toBe(rows.length);
    expect(first.rows).toEqual(filterRows(rows, parseQuery(text).query, at(NOW)));
    expect(first.rows).not.toContain(late);
    // Recorded after the read: a poll update that did not write its row leaves the result as it was.
    seen.set(late.id, NOW - 60 * MIN);
    expect(start(NOW, 2).result).toEqual(first.rows);
    // The clock steps (three of them, five seconds each, then half an hour): each reads the rows the other terms keep.
    for (const now of [NOW + 5_000, NOW + 10_000, NOW + 15_000, NOW + 30 * MIN]) {
      const run = finish(start(now, 2));
      expect(run.examined).toBe(steady.length);
      expect(run.rows).toEqual(filterRows(rows, parseQuery(text).query, at(now)));
    }
    expect(steady.length).toBeLessThan(rows.length / 5);
    expect(finish(start(NOW + 15_000, 2)).rows).toContain(late);
  });

  it('does not narrow a query on times from a result at another clock', () => {
    const filter = createRowFilter();
    const start = (text: string, now: number) =>
      filter.start({ rows, version: 1, terms: parseQuery(text).query.terms, ctx: { ...ctx, now } });
    finish(start('updated:<1h', NOW));
    const later = finish(start('updated:<1h status:failed', NOW + 30 * MIN));
    expect(later.examined).toBe(rows.length);
    expect(later.rows).toEqual(filterRows(rows, parseQuery('updated:<1h status:failed').query, { ...ctx, now: NOW + 30 * MIN }));
  });

  it('reads in slices of SLICE_WORK, the dearer the terms the fewer rows a slice', () => {
    const filter = createRowFilter();
    const start = (text: string) => filter.start({ rows, version: 1, terms: parseQuery(text).query.terms, ctx });
    // A field test is one unit a row: 20,000 rows in one slice.
    expect(finish(start('status:failed')).steps).toBe(1);
    // Free text is six: ceil(20,000 × 6 / SLICE_WORK) slices.
    expect(finish(start('3f')).steps).toBe(Math.ceil((rows.length * 6) / SLICE_WORK));
  });

  it('reads the rest a task at a time once resumed, and not at all once stopped', () => {
    vi.useFakeTimers();
    const many = makeRows(SLICE_WORK);
    const filter = createRowFilter();
    const run = filter.start({ rows: many, version: 1, terms: parseQuery('3f').query.terms, ctx });
    expect(run.step()).toBe(false);
    const read = run.examined;
    const done = vi.fn();
    const stop = run.resume(done);
    vi.advanceTimersToNextTimer();
    expect(run.examined).toBe(2 * read);
    stop();
    vi.runAllTimers();
    expect(run.examined).toBe(2 * read);
    expect(run.result).toBeNull();
    expect(filter.last).toBeNull();
    // Resumed again (a remount), it finishes once.
    run.resume(done);
    vi.runAllTimers();
    expect(done).toHaveBeenCalledTimes(1);
    expect(run.result).toEqual(filterRows(many, parseQuery('3f').query, ctx));
    expect(filter.last).toBe(run.result);
  });

  it('answers an empty query with the list itself', () => {
    const run = createRowFilter().start({ rows, version: 1, terms: [], ctx });
    expect(run.result).toBe(rows);
    expect(run.examined).toBe(0);
  });
});
