import { describe, expect, it } from 'vitest';
import { item, snap, steadyMarks } from '../../testing/snapshots';
import { buildRow, type WatchedTask } from '../../rows/task-rows';
import { compileQuery, filterRows, readsClock, type QueryContext } from './compile-query';
import { parseQuery } from './parse-query';

const NOW = 10_000_000;
const MIN = 60_000;
const seen = new Map<string, number>();
const ctx: QueryContext = { now: NOW, stallMs: 5 * MIN, firstSeen: (row) => seen.get(row.id) };

const rows: WatchedTask[] = [
  // Failed with 3002, updated 30 min ago, seen 2 h ago.
  buildRow('Service_AI_2026_fail', 0, snap(item('Service_AI_2026_fail', 5, { errorCode: 3002, updateTime: NOW - 30 * MIN }), NOW)),
  // Failed with 3001, updated 2 h ago.
  buildRow('Service_AI_2025_old', 1, snap(item('Service_AI_2025_old', 5, { errorCode: 3001, updateTime: NOW - 120 * MIN }), NOW)),
  // Running at 40 %, unchanged for 20 min (stalled), seen 30 min ago, with a rate of 20 points in 10 min: due 30 min after its last change, 10 min from now.
  buildRow(
    'Service_AI_run',
    2,
    snap(item('Service_AI_run', 3, { taskProgress: 40, updateTime: NOW - MIN }), NOW, {
      changedAt: NOW - 20 * MIN,
      progressMarks: steadyMarks({ progress: 20, at: NOW - 30 * MIN }, { progress: 40, at: NOW - 20 * MIN }),
    }),
  ),
  // Finished, with its video.
  buildRow('Service_AI_done', 3, snap(item('Service_AI_done', 4, { updateTime: NOW - 5 * MIN }), NOW)),
  // Not checked yet.
  buildRow('Service_AI_new', 4, undefined),
];
seen.set('Service_AI_2026_fail', NOW - 120 * MIN);
seen.set('Service_AI_run', NOW - 30 * MIN);

const ids = (text: string) => {
  const { query, errors } = parseQuery(text);
  expect(errors).toEqual([]);
  return filterRows(rows, query, ctx).map((r) => r.id.slice('Service_AI_'.length));
};

describe('compileQuery over rows', () => {
  it('answers the issue’s “failed with 3002 in the last hour”', () => {
    expect(ids('status:failed code:3002 updated:<1h')).toEqual(['2026_fail']);
    expect(ids('status:failed,aborted')).toEqual(['2026_fail', '2025_old']);
  });

  it('answers “running under 50% for more than 10 minutes”, and stall and ETA', () => {
    expect(ids('status:running progress:<50 age:>10m')).toEqual(['run']);
    expect(ids('age:>1h')).toEqual(['2026_fail']);
    expect(ids('stalled:yes')).toEqual(['run']);
    expect(ids('stalled:no')).toEqual(['2026_fail', '2025_old', 'done', 'new']);
    expect(ids('eta:<11m')).toEqual(['run']);
    expect(ids('eta:<9m')).toEqual([]);
    expect(ids('has:eta')).toEqual(['run']);
  });

  it('negates, globs, matches free text in the ID and tells results and codes apart', () => {
    expect(ids('-status:finished -status:failed')).toEqual(['run', 'new']);
    expect(ids('id:*_2026*')).toEqual(['2026_fail']);
    expect(ids('id:service_ai_run,*_done')).toEqual(['run', 'done']);
    expect(ids('AI_20')).toEqual(['2026_fail', '2025_old']);
    expect(ids('-AI_20 -new')).toEqual(['run', 'done']);
    expect(ids('has:video')).toEqual(['done']);
    expect(ids('has:code')).toEqual(['2026_fail', '2025_old']);
    expect(ids('code:>=3002')).toEqual(['2026_fail']);
    expect(ids('status:waiting')).toEqual(['new']);
  });

  it('leaves rows without an answer out of progress and code comparisons, either way', () => {
    expect(ids('progress:<=100')).not.toContain('new');
    expect(ids('code:0')).toEqual(['run', 'done']);
  });

  it('reads code, progress, stall and ETA from the row as the snapshot has them, a running answer behind a problem too', () => {
    // The row copies its answer's status and code (task-rows.ts); the snapshot is read only for a running task.
    const odd: WatchedTask[] = [
      // Unreadable now, but its last answer was a running task unchanged for 20 min: still stalled, still an ETA.
      buildRow(
        'Service_AI_odd_run',
        0,
        snap(item('Service_AI_odd_run', 3, { taskProgress: 40 }), NOW, {
          changedAt: NOW - 20 * MIN,
          problem: 'not JSON',
          progressMarks: steadyMarks({ progress: 20, at: NOW - 30 * MIN }, { progress: 40, at: NOW - 20 * MIN }),
        }),
      ),
      // Checked, and the gateway did not know it: no answer, so no progress or code.
      buildRow('Service_AI_odd_gone', 1, snap(null, NOW)),
      // Failed with no code.
      buildRow('Service_AI_odd_nocode', 2, snap(item('Service_AI_odd_nocode', 5, { errorCode: 0, taskProgress: 30 }), NOW)),
    ];
    const kept = (text: string) => filterRows(odd, parseQuery(text).query, ctx).map((r) => r.id.slice('Service_AI_odd_'.length));
    expect(odd.map((r) => [r.group, r.taskStatus, r.errorCode])).toEqual([
      ['invalid', 3, 0],
      ['not-found', null, null],
      [5, 5, 0],
    ]);
    expect(kept('stalled:yes')).toEqual(['run']);
    expect(kept('has:eta')).toEqual(['run']);
    expect(kept('eta:<11m')).toEqual(['run']);
    expect(kept('progress:>=0')).toEqual(['run', 'nocode']);
    expect(kept('code:0')).toEqual(['run', 'nocode']);
    expect(kept('has:code')).toEqual([]);
    expect(kept('-code:0')).toEqual(['gone']);
  });

  it('keeps every row, the same array, for an empty query; the sort does not filter', () => {
    expect(filterRows(rows, parseQuery('').query, ctx)).toBe(rows);
    expect(ids('sort:progress-desc')).toHaveLength(5);
    expect(compileQuery(parseQuery('').query, ctx)(rows[0]!)).toBe(true);
  });

  it('runs the cheap tests first: an ID is not searched on a row the status already ruled out', () => {
    let idReads = 0;
    const counted = rows.map((r) => {
      const copy = { ...r };
      Object.defineProperty(copy, 'id', { get: () => (idReads++, r.id) });
      return copy;
    });
    const { query } = parseQuery('AI_20 status:failed');
    expect(filterRows(counted, query, ctx).map((r) => r.index)).toEqual([0, 1]);
    expect(idReads).toBe(2);
  });

  it('measures relative times from the injected clock', () => {
    const { query } = parseQuery('updated:<1h');
    expect(filterRows(rows, query, { ...ctx, now: NOW + 2 * 60 * MIN })).toEqual([]);
  });
});

describe('readsClock', () => {
  it('is true for the terms a moving clock or stall setting changes, and only those', () => {
    for (const text of ['updated:<1h', 'age:>10m', 'eta:<5m', 'stalled:yes', '-stalled:no', 'has:eta', 'has:result,eta']) {
      expect(readsClock(parseQuery(text).query), text).toBe(true);
    }
    for (const text of ['', 'status:failed code:3002', 'progress:<50', 'has:result', 'id:*_2026* sort:updated-desc', 'abc']) {
      expect(readsClock(parseQuery(text).query), text).toBe(false);
    }
  });
});
