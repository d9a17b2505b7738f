import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fullDerive } from '../testing/full-derive';
import { item } from '../testing/snapshots';
import { appendRows } from './board-rows-append';
import { boardRows, lastDerived } from './board-rows';
import { mergeBoard } from '../status-worker/merge-board';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';

const pool = Array.from({ length: 80 }, (_, i) => `Service_AI_${i}`);
/** A slicer that pauses after every item, running `onPause` each time (a board arriving between slices). */
const everyItem = (onPause: () => void = () => {}) => ({ due: () => true, pause: async () => onPause() });

function expectOneGo(list: readonly string[], board: TaskBoard) {
  const derived = boardRows(list, board);
  const expected = fullDerive(list, board);
  expect(derived.rows).toEqual(expected.rows);
  expect(derived.summary.total).toBe(expected.total);
  expect(derived.summary.live).toBe(expected.live);
  expect(Object.fromEntries([...derived.summary.counts].filter(([, n]) => n > 0))).toEqual(expected.counts);
  expect([...derived.open].sort()).toEqual(expected.open);
}

const answer = (id: string, status: number) => (status === 0 ? [] : [item(id, status)]);

describe('appendRows', () => {
  it('derives the longer list ahead exactly as the one-go derive would, on random lists and boards', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.nat(pool.length - 1), { maxLength: 60 }),
        fc.nat(60),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: pool.length, maxLength: pool.length }),
        async (order, cut, statuses) => {
          const list = order.map((i) => pool[i]!);
          const prev = list.slice(0, Math.min(cut, list.length));
          const added = list.slice(prev.length);
          // Some tasks known (answered with a status, or not found), some never seen.
          const asked = pool.filter((_, i) => i % 3 !== 0);
          const board = mergeBoard(
            EMPTY_BOARD,
            asked,
            asked.flatMap((id) => answer(id, statuses[pool.indexOf(id)]!)),
            1_000,
            1,
          );
          boardRows(prev, board);
          const next = await appendRows(prev, added, everyItem());
          expect(next).toEqual(list);
          if (added.length > 0) expect(lastDerived.get()?.ids).toBe(next);
          // The list change derives nothing more: the prepared rows are what the render gets.
          const prepared = lastDerived.get()?.rows;
          expectOneGo(next, board);
          if (added.length > 0) expect(boardRows(next, board).rows).toBe(prepared);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('starts again when a board arrives between slices, and the result matches the newer board', async () => {
    const prev = pool.slice(0, 30);
    const added = pool.slice(30, 50);
    let board = mergeBoard(EMPTY_BOARD, prev, [item(prev[0]!, 3)], 1_000, 1);
    boardRows(prev, board);
    let arrivals = 0;
    const next = await appendRows(
      prev,
      added,
      everyItem(() => {
        // Two boards arrive while the first two attempts are paused (a poll answering meanwhile).
        if (arrivals++ < 2) board = mergeBoard(board, [prev[arrivals]!], [item(prev[arrivals]!, 4)], 2_000 + arrivals, 1);
        boardRows(prev, board);
      }),
    );
    expect(lastDerived.get()?.ids).toBe(next);
    expectOneGo(next, board);
  });

  it('leaves the rows to the render when the list it extends is not the one last derived', async () => {
    boardRows(pool.slice(0, 10), EMPTY_BOARD);
    const before = lastDerived.get();
    const next = await appendRows(pool.slice(0, 5), pool.slice(5, 8), everyItem());
    expect(next).toEqual(pool.slice(0, 8));
    expect(lastDerived.get()).toBe(before);
    expectOneGo(next, EMPTY_BOARD);
  });
});
