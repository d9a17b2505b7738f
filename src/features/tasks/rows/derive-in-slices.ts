import { yieldToBrowser } from '@/lib/yield-to-browser';
import { finishPass, fullPass, startPass, type BoardRows } from './board-rows';
import type { TaskBoard } from '../task';

/** Rows made between two looks at the clock. */
const STEP = 1_024;

/**
 * boardRows' full pass over `ids` on `board`, run a slice of about `sliceMs` at a time between
 * yields, then kept as the shared result (boardRows(ids, board) returns it without deriving again);
 * with each task's row position, which the first poll cycle's updates need. For the first showing
 * of a long list: at 100,000 tasks one pass (and the position map) was a long task.
 */
export async function deriveInSlices(
  ids: readonly string[],
  board: TaskBoard,
  sliceMs: number,
  pause = yieldToBrowser,
): Promise<BoardRows> {
  const pass = startPass(ids, board);
  const position = new Map<string, number>();
  let start = performance.now();
  for (let from = 0; from < ids.length; from += STEP) {
    const to = Math.min(ids.length, from + STEP);
    fullPass(pass, from, to);
    for (let i = from; i < to; i++) position.set(ids[i]!, i);
    if (to < ids.length && performance.now() - start >= sliceMs) {
      await pause();
      start = performance.now();
    }
  }
  pass.position = position;
  return finishPass(pass, true);
}
