import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fullDerive } from '../testing/full-derive';
import { item } from '../testing/snapshots';
import { boardRows } from './board-rows';
import { mergeBoard } from './merge-board';
import { dueTaskIds } from './poll-schedule';
import { buildRows } from './task-rows';
import { EMPTY_BOARD } from './task-snapshot';

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

  it('gives the same object for the same list and board, and starts over for a new list', () => {
    const board = mergeBoard(EMPTY_BOARD, ids.slice(0, 10), [item(ids[0]!, 4)], 1_000, 1);
    const a = boardRows(ids, board);
    expect(boardRows(ids, board).rows).toBe(a.rows);
    const shorter = ids.slice(5);
    expect(boardRows(shorter, board).rows).toEqual(buildRows(shorter, board));
  });

  it('keeps the rows of untouched tasks as the same objects', () => {
    const first = allRunning();
    const before = boardRows(ids, first).rows;
    const second = mergeBoard(first, [ids[7]!], [item(ids[7]!, 4)], 2_000, 1);
    const after = boardRows(ids, second).rows;
    expect(after[6]).toBe(before[6]);
    expect(after[7]).not.toBe(before[7]);
    expect(after[7]!.group).toBe(4);
  });

  it("gives each update a new rows array and leaves the last update's rows as they were (memos compare by identity)", () => {
    let board = allRunning();
    let last = boardRows(ids, board).rows;
    let lastCopy = [...last];
    const seen = new Set([last]);
    for (let t = 2; t < 8; t++) {
      const touched = [ids[t]!, ids[t + 10]!];
      board = mergeBoard(board, touched, [item(ids[t]!, 4), item(ids[t + 10]!, 3, { taskProgress: t })], t * 1_000, 1);
      const rows = boardRows(ids, board).rows;
      expect(rows).not.toBe(last);
      expect(last).toEqual(lastCopy);
      expect(rows).toEqual(buildRows(ids, board));
      seen.add(rows);
      last = rows;
      lastCopy = [...rows];
    }
    expect(seen.size).toBe(7);
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
});
