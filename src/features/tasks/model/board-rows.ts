import { buildRow, type WatchedTask } from './task-rows';
import { summaryOf, type Summary } from './summarize';
import type { StatusGroup } from './status-group';
import { taskPhase } from './task-phase';
import { touchedSince } from './board-delta';
import type { TaskBoard } from './task-snapshot';
import type { createSlicer } from '@/lib/slicer';

/** Everything derived from each watched task: the rows, their counts, and the IDs still to be polled (not terminal). */
export type BoardRows = { rows: readonly WatchedTask[]; summary: Summary; open: ReadonlySet<string> };

type Derived = BoardRows & {
  ids: readonly string[];
  board: TaskBoard;
  /** Each ID's row index: made at the first update of a few rows, not by the full pass (a 100,000-key map is its dearest part). */
  position: Map<string, number> | null;
  counts: Map<StatusGroup, number>;
};

let last: Derived | null = null;

function positionOf(d: Derived): Map<string, number> {
  if (!d.position) {
    d.position = new Map();
    for (let i = 0; i < d.ids.length; i++) d.position.set(d.ids[i]!, i);
  }
  return d.position;
}

/**
 * All rows of the list, or (given the last result and the touched IDs) only the touched tasks' rows
 * made again; the rest stay the same objects, so memoized rows do not re-render.
 */
function derive(ids: readonly string[], board: TaskBoard, prev?: Derived, touched?: readonly string[]): Derived {
  const full = !prev || !touched;
  const rows = full ? new Array<WatchedTask>(ids.length) : prev.rows.slice();
  const position = full ? null : positionOf(prev);
  const counts = full ? new Map<StatusGroup, number>() : new Map(prev.counts);
  // The set is the poller's alone and only the newest is read, so it is updated in place.
  const open = full ? new Set<string>() : (prev.open as Set<string>);
  const list = full ? ids : touched;
  for (let k = 0; k < list.length; k++) {
    const id = list[k]!;
    const i = position ? position.get(id) : k;
    if (i === undefined) continue;
    if (!full) counts.set(rows[i]!.group, counts.get(rows[i]!.group)! - 1);
    const snapshot = board.tasks.get(id);
    const row = (rows[i] = buildRow(id, i, snapshot));
    counts.set(row.group, (counts.get(row.group) ?? 0) + 1);
    if (taskPhase(snapshot) === 'terminal') open.delete(id);
    else open.add(id);
  }
  return { ids, board, rows, position, counts, open, summary: summaryOf(ids.length, counts) };
}

/**
 * The rows of the watch list on a board, shared by the poller, the watcher and the page: the same
 * list and board give the same object, and a board made from the last one by the poller updates
 * only the tasks it touched (a cycle of 1,000 answers among 100,000 tasks).
 */
export function boardRows(ids: readonly string[], board: TaskBoard): BoardRows {
  const touched = last?.ids === ids ? touchedSince(last.board, board) : null;
  last = last && touched?.length === 0 ? { ...last, board } : derive(ids, board, last ?? undefined, touched ?? undefined);
  return last;
}

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
    const base = last;
    if (base?.ids !== prev) break;
    const counts = new Map(base.counts);
    const open = new Set<string>();
    const more = new Array<WatchedTask>(added.length);
    const total = base.open.size + added.length;
    // Whether a newer board was derived while paused (then the work so far is for an old board).
    const overtaken = async (done: number) => {
      onProgress?.(done / total);
      await slicer.pause();
      return last !== base;
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
    if (stale || last !== base) continue;
    const rows = base.rows.concat(more);
    last = { ids, board: base.board, rows, position: null, counts, open, summary: summaryOf(ids.length, counts) };
    break;
  }
  return ids;
}
