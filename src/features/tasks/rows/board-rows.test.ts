import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fullDerive } from '../testing/full-derive';
import { item } from '../testing/snapshots';
import { boardRows, positionsWritten } from './board-rows';
import { mergeBoard } from '../status-worker/merge-board';
import { dueTaskIds } from '../polling/poll-schedule';
import { buildRows } from './task-rows';
import { EMPTY_BOARD } from '../task/task-snapshot';

const ids = Array.from({ length: 60 }, (_, i) => `Service_AI_${i}`);
/** Every task's first answer: Running. */
const allRunning = () =>
  mergeBoard(
    EMPTY_BOARD,
    ids,
    ids.map((id) => item(id, 3)),
    1_000,
    1,
  );

const cycle = fc.array(
  fc.record({
    task: fc.nat(ids.length - 1),
    // null: not returned (not found); 0: an unknown status; 1–6 the spec's.
    status: fc.option(fc.integer({ min: 0, max: 6 })),
    progress: fc.integer({ min: 0, max: 100 }),
    url: fc.boolean(),
  }),
  { maxLength: 25 },
);

describe('boardRows', () => {
  it('equals the full computation after every cycle of random answers', () => {
    fc.assert(
      fc.property(fc.array(cycle, { minLength: 1, maxLength: 8 }), (cycles) => {
        let board = EMPTY_BOARD;
        boardRows(ids, board);
        cycles.forEach((answers, n) => {
          const asked = [...new Set(answers.map((a) => ids[a.task]!))];
          const items = answers.flatMap((a) =>
            a.status === null || !asked.includes(ids[a.task]!)
              ? []
              : [
                  item(ids[a.task]!, a.status, {
                    taskProgress: a.progress,
                    targetVideoUrl: a.url ? `https://cdn.example/${a.task}.mp4` : null,
                  }),
                ],
          );
          const byId = new Map(items.map((i) => [i.taskId, i]));
          board = mergeBoard(board, asked, [...byId.values()], 1_000 * (n + 1), 1);
          const derived = boardRows(ids, board);
          const expected = fullDerive(ids, board);
          expect(derived.rows).toEqual(expected.rows);
          expect(derived.summary.total).toBe(expected.total);
          expect(derived.summary.live).toBe(expected.live);
          expect(Object.fromEntries([...derived.summary.counts].filter(([, n]) => n > 0))).toEqual(expected.counts);
          expect([...derived.open].sort()).toEqual(expected.open);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('logs the positions each in-place write changed: exactly the rows that are new objects, over one update or several', () => {
    fc.assert(
      fc.property(fc.array(cycle, { minLength: 2, maxLength: 6 }), (cycles) => {
        let board = allRunning();
        const start = boardRows(ids, board);
        const seen: Array<{ version: number; rows: readonly unknown[] }> = [{ version: start.version, rows: [...start.rows] }];
        cycles.forEach((answers, n) => {
          const asked = [...new Set(answers.map((a) => ids[a.task]!))];
          board = mergeBoard(
            board,
            asked,
            answers.flatMap((a) => (a.status === null ? [] : [item(ids[a.task]!, a.status, { taskProgress: a.progress })])),
            2_000 + n,
            1,
          );
          const now = boardRows(ids, board);
          if (now.rows !== start.rows) return;
          for (const then of seen) {
            const changed = now.rows.flatMap((row, i) => (row !== then.rows[i] ? [i] : []));
            expect([...positionsWritten(now.rows, then.version, now.version)!].sort((a, b) => a - b)).toEqual(changed);
          }
          seen.push({ version: now.version, rows: [...now.rows] });
        });
      }),
      { numRuns: 60 },
    );
  });

  it('does not know the writes of another array, or of more updates than it keeps', () => {
    let board = allRunning();
    const first = boardRows(ids, board);
    expect(positionsWritten([...first.rows], first.version, first.version + 1)).toBeNull();
    let later = first;
    // Ten poll updates, the page reading each.
    for (let n = 0; n < 10; n++) {
      board = mergeBoard(board, [ids[n]!], [item(ids[n]!, 4)], 2_000 + n, 1);
      later = boardRows(ids, board);
    }
    expect(later.rows).toBe(first.rows);
    expect(positionsWritten(later.rows, later.version - 1, later.version)).toEqual([9]);
    expect(positionsWritten(later.rows, first.version, later.version)).toBeNull();
  });

  it('gives the same object for the same list and board, and starts over for a new list', () => {
    const board = mergeBoard(EMPTY_BOARD, ids.slice(0, 10), [item(ids[0]!, 4)], 1_000, 1);
    const a = boardRows(ids, board);
    expect(boardRows(ids, board).rows).toBe(a.rows);
    const shorter = ids.slice(5);
    expect(boardRows(shorter, board).rows).toEqual(buildRows(shorter, board));
  });

  it('keeps the rows of untouched tasks as the same objects', () => {
    const first = allRunning();
    const before = [...boardRows(ids, first).rows];
    const second = mergeBoard(first, [ids[7]!], [item(ids[7]!, 4)], 2_000, 1);
    const after = boardRows(ids, second).rows;
    expect(after[6]).toBe(before[6]);
    expect(after[7]).not.toBe(before[7]);
    expect(after[7]!.group).toBe(4);
  });

  it('writes each update into the same rows array and tells the states apart by version (memos key on both)', () => {
    let board = allRunning();
    const first = boardRows(ids, board);
    const array = first.rows;
    let version = first.version;
    for (let t = 2; t < 8; t++) {
      const touched = [ids[t]!, ids[t + 10]!];
      const before = touched.map((id) => array[ids.indexOf(id)]);
      board = mergeBoard(board, touched, [item(ids[t]!, 4), item(ids[t + 10]!, 3, { taskProgress: t })], t * 1_000, 1);
      const next = boardRows(ids, board);
      expect(next.rows).toBe(array);
      expect(next.version).toBeGreaterThan(version);
      expect(next.rows).toEqual(buildRows(ids, board));
      // The touched tasks' slots hold new row objects: the old ones (still held by a rendered row) are not written.
      touched.forEach((id, k) => expect(next.rows[ids.indexOf(id)]).not.toBe(before[k]));
      version = next.version;
    }
    // The same board again derives nothing and keeps the version; a new list starts a new array.
    expect(boardRows(ids, board).version).toBe(version);
    expect(boardRows(ids.slice(1), board).rows).not.toBe(array);
  });

  it('asks the due tasks of the open set the same as of the whole list', () => {
    const board = mergeBoard(
      EMPTY_BOARD,
      ids.slice(0, 40),
      ids.slice(0, 30).map((id, i) => item(id, (i % 6) + 1)),
      1_000,
      1,
    );
    const { open } = boardRows(ids, board);
    expect([...dueTaskIds(open, board.tasks, 60_000, 2_000)].sort()).toEqual([...dueTaskIds(ids, board.tasks, 60_000, 2_000)].sort());
  });
  it('gives a board the rows have gone past its own result again, with no pass over every task, and goes on from the newest', () => {
    const first = allRunning();
    const r0 = boardRows(ids, first);
    const next = mergeBoard(first, [ids[0]!], [item(ids[0]!, 3, { taskProgress: 40 })], 2_000, 1);
    const r1 = boardRows(ids, next);
    const untouched = r1.rows[5];
    // The page renders the board before (a cycle's slices moved the rows on meanwhile): before, a full pass made
    // every row again from it (new objects), and the next slice a second one.
    expect(boardRows(ids, first)).toBe(r0);
    expect(r0.rows[5]).toBe(untouched);
    const after = mergeBoard(next, [ids[1]!], [item(ids[1]!, 3, { taskProgress: 50 })], 3_000, 1);
    const r2 = boardRows(ids, after);
    expect(r2.version).toBe(r1.version + 1);
    expect(r2.rows[5]).toBe(untouched);
    expect(r2.rows[1]!.progress).toBe(50);
    expect(r2.rows[0]!.progress).toBe(40);
  });
});
