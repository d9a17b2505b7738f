import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { item } from '../testing/snapshots';
import { boardRows } from './board-rows';
import { deriveInSlices } from './derive-in-slices';
import { mergeBoard } from '../status-worker/merge-board';
import { summarize } from './summarize';
import { buildRows } from './task-rows';
import { taskPhase } from '../task/task-phase';
import { EMPTY_BOARD } from '../task/task-snapshot';

const counted = (counts: ReadonlyMap<unknown, number>) => Object.fromEntries([...counts].filter(([, n]) => n > 0));

describe('deriveInSlices', () => {
  it('leaves the same rows, counts and open set as the full pass, and later updates stay equal to it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3_000 }),
        fc.array(fc.option(fc.integer({ min: 0, max: 6 })), { maxLength: 3_000 }),
        fc.array(fc.nat(2_999), { maxLength: 30 }),
        async (size, statuses, later) => {
          const ids = Array.from({ length: size }, (_, i) => `Service_AI_${i}`);
          const answered = ids.flatMap((id, i) => (statuses[i] == null ? [] : [item(id, statuses[i]!)]));
          const board = mergeBoard(EMPTY_BOARD, ids, answered, 1_000, 1);
          let pauses = 0;
          // sliceMs 0: a pause after every 1,024 rows.
          await deriveInSlices(ids, board, 0, async () => void pauses++);
          expect(pauses).toBe(Math.max(0, Math.ceil(size / 1_024) - 1));
          const derived = boardRows(ids, board);
          const rows = buildRows(ids, board);
          expect(derived.rows).toEqual(rows);
          expect(counted(derived.summary.counts)).toEqual(counted(summarize(rows).counts));
          expect(derived.summary.live).toBe(summarize(rows).live);
          expect([...derived.open].sort()).toEqual(ids.filter((id) => taskPhase(board.tasks.get(id)) !== 'terminal').sort());
          // A cycle after it updates the rows by position, which the sliced pass made.
          const asked = [...new Set(later.filter((k) => k < size).map((k) => ids[k]!))];
          const next = mergeBoard(
            board,
            asked,
            asked.map((id) => item(id, 4)),
            2_000,
            1,
          );
          expect(boardRows(ids, next).rows).toEqual(buildRows(ids, next));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('is what boardRows returns for that list and board, without deriving again', async () => {
    const ids = Array.from({ length: 2_500 }, (_, i) => `Service_AI_${i}`);
    const sliced = await deriveInSlices(ids, EMPTY_BOARD, 0, async () => undefined);
    expect(boardRows(ids, EMPTY_BOARD).rows).toBe(sliced.rows);
    expect(sliced.summary.total).toBe(2_500);
  });
});
