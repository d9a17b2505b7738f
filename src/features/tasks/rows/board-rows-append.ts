import type { createSlicer } from '@/lib/slicer';
import { lastDerived } from './board-rows';
import { summaryOf } from './summarize';
import { taskPhase } from '../task';
import { buildRow, type WatchedTask } from './task-rows';
/**
 * `prev` with `added` appended, its rows derived ahead in slices (for the last derived board) so the
 * list change that follows derives nothing: appending 100,000 IDs derived them all in one task. Only
 * when `prev` is the list last derived; a board arriving meanwhile starts it again (at most 3 times),
 * after which the render derives the rows, as without it.
 */
export async function appendRows(
  prev: readonly string[],
  added: readonly string[],
  slicer: ReturnType<typeof createSlicer>,
  onProgress?: (done: number) => void,
): Promise<readonly string[]> {
  const ids = prev.concat(added);
  for (let attempt = 0; attempt < 3 && added.length > 0; attempt++) {
    const base = lastDerived.get();
    if (base?.ids !== prev) break;
    const counts = new Map(base.counts);
    const open = new Set<string>();
    const more = new Array<WatchedTask>(added.length);
    const total = base.open.size + added.length;
    // Whether another list or board was derived while paused (then the work so far is for an old board).
    const overtaken = async (done: number) => {
      onProgress?.(done / total);
      await slicer.pause();
      const now = lastDerived.get();
      return now?.ids !== prev || now.board !== base.board;
    };
    let done = 0;
    let stale = false;
    for (const id of base.open) {
      open.add(id);
      done++;
      if (slicer.due() && (stale = await overtaken(done))) break;
    }
    for (let k = 0; k < added.length && !stale; k++) {
      const id = added[k]!;
      const snapshot = base.board.tasks.get(id);
      const row = (more[k] = buildRow(id, prev.length + k, snapshot));
      counts.set(row.group, (counts.get(row.group) ?? 0) + 1);
      if (taskPhase(snapshot) !== 'terminal') open.add(id);
      if (slicer.due()) stale = await overtaken(base.open.size + k);
    }
    if (stale) continue;
    const rows = base.rows.concat(more);
    lastDerived.set({ ids, board: base.board, rows, version: 0, position: null, counts, open, summary: summaryOf(ids.length, counts) });
    break;
  }
  return ids;
}
