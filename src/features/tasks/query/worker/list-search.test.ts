import { describe, expect, it } from 'vitest';
import { TaskStatus } from '@/contract';
import { item, snap, steadyMarks } from '../../testing/snapshots';
import { SORT_KEYS, sortRows, type WatchedTask } from '../../rows';
import { buildRow } from '../../rows/task-rows';
import { filterRows, type QueryContext } from '../language/compile-query';
import { parseQuery } from '../language/parse-query';
import { createListSearch, type ListReply, type ListRequest } from './list-search';
import { packRows, unpackRow } from './packed-rows';
import { asciiLower } from '@/lib/ascii';

const NOW = 50_000_000;
const MIN = 60_000;
const ctx: QueryContext = { now: NOW, stallMs: 5 * MIN, firstSeen: () => undefined };

/** 300 rows of every kind: each status, codes, progress, times, a stalled run with an ETA, results, no answer, IDs not ASCII. */
function listOf(n: number, seed = 0): WatchedTask[] {
  return Array.from({ length: n }, (_, i) => {
    const k = (i * 7 + seed) % 11;
    const id = k === 10 ? `Service_AI_\u212a${i}` : `Service_AI_${((i * 2_654_435_761) >>> 0).toString(16).padStart(8, '0')}`;
    if (k === 9) return buildRow(id, i, undefined);
    if (k === 8) return buildRow(id, i, snap(null, NOW));
    const status = (k % 6) + 1;
    const answer = item(id, status, {
      taskProgress: (i * 13) % 101,
      errorCode: status >= 5 ? 3000 + (i % 4) : 0,
      updateTime: NOW - ((i * 37) % 240) * MIN,
    });
    const moving = status === 3 && i % 2 === 0;
    return buildRow(
      id,
      i,
      snap(answer, NOW, {
        changedAt: moving ? NOW - 20 * MIN : NOW,
        progressMarks: moving ? steadyMarks({ progress: 10, at: NOW - 40 * MIN }, { progress: 30, at: NOW - 20 * MIN }) : undefined,
        problem: k === 7 ? 'not JSON' : null,
      }),
    );
  });
}

function searcher() {
  const replies: ListReply[] = [];
  const handle = createListSearch((reply) => replies.push(reply));
  let id = 0;
  const search = (list: number, text: string, at = NOW, firstSeen?: Float64Array) => {
    const { query } = parseQuery(text);
    const request: ListRequest = {
      kind: 'search',
      id: ++id,
      list,
      terms: [...query.terms],
      now: at,
      stallMs: ctx.stallMs,
      sort: query.sort?.key ?? 'list',
      descending: query.sort?.descending ?? false,
      firstSeen,
    };
    handle(structuredClone(request));
    const positions = replies.find((r) => r.id === id)!.positions;
    return positions && [...positions];
  };
  /** The last answer's counts of its kept rows. */
  const counts = () => replies.at(-1)!.counts;
  return { handle: (r: ListRequest) => handle(structuredClone(r)), search, counts };
}

/** What the page itself shows for the query: its filter, then its sort. */
function inPage(rows: readonly WatchedTask[], text: string, at = NOW) {
  const { query } = parseQuery(text);
  const kept = filterRows(rows, query, { ...ctx, now: at });
  const key = query.sort && query.sort.key !== 'list' ? SORT_KEYS[query.sort.key] : null;
  return sortRows(kept, key, query.sort?.descending ?? false).map((r) => r.index);
}

const QUERIES = [
  'status:failed,aborted,running code:>3000 progress:<100 updated:<3h -id:*ffff* -stalled:yes has:code ai_ -x9 sort:updated-desc',
  'stalled:yes',
  'has:eta eta:<1h sort:progress',
  '-has:result sort:status-desc',
  'code:0 progress:>=50',
  'status:waiting,not-found',
  '\u212a1',
  'id:service_ai_?00* sort:updated',
  '-status:finished sort:list-desc',
];

describe('the list worker’s search', () => {
  it('keeps and orders the rows as the page does, for every kind of term, sent in chunks and then written', () => {
    const rows = listOf(300);
    const { handle, search, counts } = searcher();
    handle({ kind: 'reset', list: 1, total: rows.length });
    for (let from = 0; from < rows.length; from += 128)
      handle({ kind: 'rows', list: 1, from, rows: packRows(rows.slice(from, from + 128), true) });
    const seen = { withLinks: 0, failed: 0 };
    for (const q of QUERIES) {
      // Each keeps some rows and leaves some out: the order and the choice are both compared.
      expect(inPage(rows, q).length, q).toBeGreaterThan(0);
      expect(inPage(rows, q).length, q).toBeLessThan(rows.length);
      expect(search(1, q), q).toEqual(inPage(rows, q));
      // And the kept rows' counts, which the list's actions read instead of scanning them.
      const kept = inPage(rows, q).map((p) => rows[p]!);
      const expected = {
        withLinks: kept.filter((r) => r.downloadUrl !== null).length,
        failed: kept.filter((r) => r.group === TaskStatus.failed).length,
      };
      expect(counts(), q).toEqual(expected);
      seen.withLinks += expected.withLinks;
      seen.failed += expected.failed;
    }
    // Some queries keep rows with links and failed rows: the counts are compared where they are not all zero.
    expect(seen.withLinks).toBeGreaterThan(0);
    expect(seen.failed).toBeGreaterThan(0);

    // A poll update writes some rows in place: the worker gets those and reads them so.
    const next = listOf(300, 3);
    const written = [0, 5, 17, 120, 299];
    for (const p of written) rows[p] = next[p]!;
    handle({
      kind: 'write',
      list: 1,
      positions: Int32Array.from(written),
      rows: packRows(
        written.map((p) => rows[p]!),
        false,
      ),
    });
    for (const q of QUERIES) expect(search(1, q, NOW + 30 * MIN), q).toEqual(inPage(rows, q, NOW + 30 * MIN));
  });

  it('reads `age:` from the first-seen times sent with a search and kept for the list, a time not known matching nothing', () => {
    const rows = listOf(40);
    const { handle, search } = searcher();
    handle({ kind: 'reset', list: 1, total: rows.length });
    handle({ kind: 'rows', list: 1, from: 0, rows: packRows(rows, true) });
    // Seen 0–39 minutes ago by position; every fifth not known yet.
    const times = Float64Array.from(rows, (_, i) => (i % 5 === 4 ? NaN : NOW - i * MIN));
    const seen = (row: Pick<WatchedTask, 'index'>) => (Number.isNaN(times[row.index]!) ? undefined : times[row.index]);
    for (const q of ['age:<10m', 'age:>=20m -status:finished', '-age:<30m']) {
      const { query } = parseQuery(q);
      const expected = filterRows(rows, query, { ...ctx, firstSeen: seen }).map((r) => r.index);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(search(1, q, NOW, times.slice()), q).toEqual(expected);
    }
    // Kept for the list: a later search without them reads the same times; a new list forgets them.
    expect(search(1, 'age:<10m')).toEqual(search(1, 'age:<10m', NOW, times.slice()));
    expect(search(1, 'age:<10m')!.length).toBeGreaterThan(0);
    handle({ kind: 'reset', list: 2, total: rows.length });
    handle({ kind: 'rows', list: 2, from: 0, rows: packRows(rows, true) });
    expect(search(2, 'age:<10m')).toEqual([]);
  });

  it('answers null for a list it does not have whole, or another list, and drops what comes for an old list', () => {
    const rows = listOf(10);
    const { handle, search } = searcher();
    expect(search(1, 'stalled:no')).toBeNull();
    handle({ kind: 'reset', list: 1, total: 10 });
    handle({ kind: 'rows', list: 1, from: 0, rows: packRows(rows.slice(0, 9), true) });
    expect(search(1, 'stalled:no')).toBeNull();
    handle({ kind: 'rows', list: 1, from: 9, rows: packRows([rows[9]!], true) });
    expect(search(1, 'stalled:no')).toEqual(inPage(rows, 'stalled:no'));
    expect(search(2, 'stalled:no')).toBeNull();
    handle({ kind: 'reset', list: 2, total: 1 });
    handle({ kind: 'rows', list: 1, from: 0, rows: packRows([rows[0]!], true) });
    expect(search(2, 'stalled:no')).toBeNull();
  });

  it('packs what the tests read: a running task’s snapshot with its marks, a link as "there is one", no answer as none', () => {
    const rows = listOf(60);
    const packed = structuredClone(packRows(rows, true));
    let markAt = 0;
    rows.forEach((row, k) => {
      const got = unpackRow(packed, k, row.index, packed.ids![k]!, asciiLower(packed.ids![k]!), markAt);
      markAt += got.snapshot?.progressMarks?.length ?? 0;
      const { id, index, group, progress, updateTime, taskStatus, errorCode } = row;
      expect(got).toMatchObject({ id, index, group, progress, updateTime, taskStatus, errorCode });
      expect(got.downloadUrl === null).toBe(row.downloadUrl === null);
      if (taskStatus !== 3) return expect(got.snapshot).toBeUndefined();
      const { changedAt, checkedAt, progressMarks = [] } = row.snapshot!;
      expect(got.snapshot).toMatchObject({ changedAt, checkedAt, progressMarks });
      expect(got.snapshot!.item).toMatchObject({ taskStatus: 3, taskProgress: row.snapshot!.item!.taskProgress });
    });
    // The list has running tasks with marks and without, and IDs that are not ASCII.
    expect(rows.some((r) => r.snapshot?.progressMarks?.length)).toBe(true);
    expect(packed.ids!.map(asciiLower)).toContain(null);
  });
});
