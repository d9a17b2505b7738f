import { buildRow, type WatchedTask } from './task-rows';
import { summaryOf, type Summary } from './summarize';
import type { StatusGroup } from './status-group';
import { taskPhase } from './task-phase';
import { touchedSince } from './board-delta';
import type { TaskBoard } from './task-snapshot';

/** Everything derived from each watched task: the rows, their counts, and the IDs still to be polled (not terminal). */
export type BoardRows = { rows: readonly WatchedTask[]; summary: Summary; open: ReadonlySet<string> };

export type Derived = BoardRows & {
  ids: readonly string[];
  board: TaskBoard;
  /** Each ID's row index: made at the first update of a few rows, not by the full pass (a 100,000-key map is its dearest part). */
  position: Map<string, number> | null;
  counts: Map<StatusGroup, number>;
};

let last: Derived | null = null;

/**
 * The rows array of the derivation before `next`, which differs from next's in the rows of `touched`. Each update
 * needs a new array (memos and props compare rows by identity), and copying 100,000 rows made 800 KB of garbage per
 * poll (large-object space, so more major GCs) and took ~0.7 ms: the array from two updates back, which nothing reads
 * any more (the page holds the last one until it renders the new one), is brought up to date instead.
 */
let older: { rows: WatchedTask[]; next: Derived; touched: readonly string[] } | null = null;

/**
 * The rows array the page last rendered. Boards can come faster than renders (two worker messages before React's
 * notification runs): then the array from two updates back is still on screen, and patching it would leave the
 * list's memos (sort, filter) keyed on an array whose rows changed under them. That array is copied instead.
 */
let shown: readonly WatchedTask[] | null = null;

/** The page tells which rows array it rendered (after commit), so it is never patched while on screen. */
export function rowsShown(rows: readonly WatchedTask[]): void {
  shown = rows;
}

/** A new rows array equal to prev.rows: the older one brought up to date when it is prev's predecessor, else a copy. */
function rowsFrom(prev: Derived, position: Map<string, number>): WatchedTask[] {
  if (older?.next !== prev || older.rows.length !== prev.rows.length || older.rows === shown) return prev.rows.slice();
  const rows = older.rows;
  for (const id of older.touched) {
    const i = position.get(id);
    if (i !== undefined) rows[i] = prev.rows[i]!;
  }
  return rows;
}

export function positionOf(d: Derived): Map<string, number> {
  if (!d.position) {
    d.position = new Map();
    for (let i = 0; i < d.ids.length; i++) d.position.set(d.ids[i]!, i);
  }
  return d.position;
}

/** Rows `from`..`to` of a full pass into `d` (one go, or a slice at a time: see derive-in-slices.ts). */
export function fullPass(d: Derived, from: number, to: number): void {
  const { ids, board, counts } = d;
  const rows = d.rows as WatchedTask[];
  const open = d.open as Set<string>;
  for (let i = from; i < to; i++) {
    const id = ids[i]!;
    const snapshot = board.tasks.get(id);
    const row = (rows[i] = buildRow(id, i, snapshot));
    counts.set(row.group, (counts.get(row.group) ?? 0) + 1);
    if (taskPhase(snapshot) !== 'terminal') open.add(id);
  }
}

/** A full pass not yet run: fullPass fills it, finishPass gives it its summary. */
export function startPass(ids: readonly string[], board: TaskBoard): Derived {
  const counts = new Map<StatusGroup, number>();
  return { ids, board, rows: new Array<WatchedTask>(ids.length), position: null, counts, open: new Set(), summary: summaryOf(0, counts) };
}

/** The pass's summary; `keep` makes it the last result, so boardRows(ids, board) returns it without deriving again. */
export function finishPass(d: Derived, keep: boolean): Derived {
  d.summary = summaryOf(d.ids.length, d.counts);
  if (keep) last = d;
  return d;
}

/**
 * All rows of the list, or (given the last result and the touched IDs) only the touched tasks' rows
 * made again; the rest stay the same objects, so memoized rows do not re-render.
 */
function derive(ids: readonly string[], board: TaskBoard, prev?: Derived, touched?: readonly string[]): Derived {
  if (!prev || !touched) {
    const d = startPass(ids, board);
    fullPass(d, 0, ids.length);
    return finishPass(d, false);
  }
  const position = positionOf(prev);
  const rows = rowsFrom(prev, position);
  const counts = new Map(prev.counts);
  // The set is the poller's alone and only the newest is read, so it is updated in place.
  const open = prev.open as Set<string>;
  for (const id of touched) {
    const i = position.get(id);
    if (i === undefined) continue;
    counts.set(rows[i]!.group, counts.get(rows[i]!.group)! - 1);
    const snapshot = board.tasks.get(id);
    const row = (rows[i] = buildRow(id, i, snapshot));
    counts.set(row.group, (counts.get(row.group) ?? 0) + 1);
    if (taskPhase(snapshot) === 'terminal') open.delete(id);
    else open.add(id);
  }
  const next: Derived = { ids, board, rows, position, counts, open, summary: summaryOf(ids.length, counts) };
  older = { rows: prev.rows as WatchedTask[], next, touched };
  return next;
}

/**
 * The rows of the watch list on a board, shared by the poller, the watcher and the page: the same
 * list and board give the same object, and a board made from the last one by the poller updates
 * only the tasks it touched (a cycle of 1,000 answers among 100,000 tasks).
 */
export function boardRows(ids: readonly string[], board: TaskBoard): BoardRows {
  const touched = last?.ids === ids ? touchedSince(last.board, board) : null;
  if (last && touched?.length === 0) {
    const same: Derived = { ...last, board };
    if (older?.next === last) older.next = same;
    last = same;
  } else last = derive(ids, board, last ?? undefined, touched ?? undefined);
  return last;
}

/** The last derivation, for appendRows (board-rows-append.ts, loaded with the add path) to read and replace. */
export const lastDerived = {
  get: (): Derived | null => last,
  set: (d: Derived) => void (last = d),
};
