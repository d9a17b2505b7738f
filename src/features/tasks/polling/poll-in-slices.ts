import { recordDelta, boardRows } from '../rows';
import { mergeBoard, type StatusSlice } from '../status-worker';
import type { TaskBoard } from '../task';
import { watchListStore } from '../watch-list';

/**
 * A cycle of many batches: the answers are merged, and the shared rows updated, a slice at a time
 * while the rest are in flight, so the board shown at the end needs little work (at 100,000 tasks
 * one merge of every answer was a long task). The board is shown once, as one cycle at one time.
 */
export async function pollInSlices(
  prev: TaskBoard,
  batches: readonly string[][],
  run: (onSlice: (slice: StatusSlice) => void) => Promise<void>,
  errorsSeen: number,
): Promise<TaskBoard> {
  const now = Date.now();
  let board = prev;
  const changed = new Set<string>();
  const statusChanged = new Set<string>();
  await run(({ batchIndexes, answers, problems }) => {
    const ids = batchIndexes.flatMap((i) => batches[i]!);
    board = mergeBoard(board, ids, answers, now, batches.length, problems);
    for (const id of board.changed) changed.add(id);
    for (const id of board.statusChanged) statusChanged.add(id);
    boardRows(watchListStore.get().ids, board);
  });
  // One step from the last slice's board, which the shared rows already show: no task is derived again.
  return recordDelta({ ...board, cycle: prev.cycle + 1, changed, statusChanged, errorsSeen }, board, []);
}
