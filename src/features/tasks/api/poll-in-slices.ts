import { mapLimit } from '../model/batch-ids';
import { recordDelta } from '../model/board-delta';
import { boardRows } from '../model/board-rows';
import { mergeBoard } from '../model/merge-board';
import type { TaskBoard } from '../model/task-snapshot';
import { watchListStore } from '../stores/watch-list-store';
import type { TaskStatusAnswer } from './get-task-status';

/** Answers merged at a time while the rest of a big cycle is in flight (1,000 tasks: a few ms). */
const SLICE_BATCHES = 10;
/** Batches in flight at once, as in poll-watch-list.ts. */
const CONCURRENT_BATCHES = 4;

/**
 * A cycle of many batches: the answers are merged, and the shared rows updated, a slice at a time
 * while the rest are in flight, so the board shown at the end needs little work (at 100,000 tasks
 * one merge of every answer was a long task). The board is shown once, as one cycle at one time.
 */
export async function pollInSlices(
  prev: TaskBoard,
  batches: readonly string[][],
  ask: (ids: string[]) => Promise<TaskStatusAnswer>,
  errorsSeen: number,
): Promise<TaskBoard> {
  const now = Date.now();
  let board = prev;
  let waiting: Array<{ ids: readonly string[]; answer: TaskStatusAnswer }> = [];
  const changed = new Set<string>();
  const mergeWaiting = () => {
    const ids = waiting.flatMap((w) => w.ids);
    const items = waiting.flatMap((w) => w.answer.items);
    const problems = waiting.flatMap((w) => w.answer.problems);
    waiting = [];
    board = mergeBoard(board, ids, items, now, batches.length, problems);
    for (const id of board.changed) changed.add(id);
    boardRows(watchListStore.get().ids, board);
  };
  await mapLimit(batches, CONCURRENT_BATCHES, async (ids) => {
    // Awaited first: `waiting.push(await …)` would push into the array a slice merged meanwhile.
    const answer = await ask(ids);
    waiting.push({ ids, answer });
    if (waiting.length >= SLICE_BATCHES) mergeWaiting();
  });
  if (waiting.length > 0) mergeWaiting();
  // One step from the last slice's board, which the shared rows already show: no task is derived again.
  return recordDelta({ ...board, cycle: prev.cycle + 1, changed, errorsSeen }, board, []);
}
