import { buildRow, type WatchedTask } from './task-rows';
import { summaryOf, type Summary } from './summarize';
import { type StatusGroup, taskPhase, type TaskBoard } from '../task';
import { touchedSince } from './board-delta';

/**
 * Everything derived from each watched task: the rows, their counts, and the IDs still to be polled (not terminal).
 * `rows` is written in place by each poll update (a new 100,000-slot array per update was half the old generation's
 * growth, and so brought its major GCs forward): `version` grows with each such write, and memos over `rows` key on it
 * too. The row objects themselves are never written: a changed task gets a new one.
 */
export type BoardRows = { rows: readonly WatchedTask[]; version: number; summary: Summary; open: ReadonlySet<string> };

export type Derived = BoardRows & {
  ids: readonly string[];
  board: TaskBoard;
  /** Each ID's row index: made at the first update of a few rows, not by the full pass (a 100,000-key map is its dearest part). */
  position: Map<string, number> | null;
  counts: Map<StatusGroup, number>;
};

let last: Derived | null = null;
/** The result boardRows gave for each board still held somewhere (see boardRows). */
const seen = new WeakMap<TaskBoard, Derived>();

function positionOf(d: Derived): Map<string, number> {
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
  const rows = new Array<WatchedTask>(ids.length);
  return { ids, board, rows, version: 0, position: null, counts, open: new Set(), summary: summaryOf(0, counts) };
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
  // Written in place (see BoardRows): the touched tasks' slots get their new rows.
  const rows = prev.rows as WatchedTask[];
  const position = positionOf(prev);
  const counts = new Map(prev.counts);
  // The set is the poller's alone and only the newest is read, so it is updated in place.
  const open = prev.open as Set<string>;
  const written: number[] = [];
  for (const id of touched) {
    const i = position.get(id);
    if (i === undefined) continue;
    written.push(i);
    counts.set(rows[i]!.group, counts.get(rows[i]!.group)! - 1);
    const snapshot = board.tasks.get(id);
    const row = (rows[i] = buildRow(id, i, snapshot));
    counts.set(row.group, (counts.get(row.group) ?? 0) + 1);
    if (taskPhase(snapshot) === 'terminal') open.delete(id);
    else open.add(id);
  }
  recordWrite(rows, prev.version + 1, written);
  return { ids, board, rows, version: prev.version + 1, position, counts, open, summary: summaryOf(ids.length, counts) };
}

/** Versions of the write log kept per rows array: a reader more updates behind than this reads every row again. */
const WRITES_KEPT = 8;
/** For each rows array written in place, the positions each write changed, by the version it made. */
const writes = new WeakMap<readonly WatchedTask[], Map<number, readonly number[]>>();

function recordWrite(rows: readonly WatchedTask[], version: number, positions: readonly number[]): void {
  let log = writes.get(rows);
  if (!log) writes.set(rows, (log = new Map()));
  log.set(version, positions);
  log.delete(version - WRITES_KEPT);
}

/**
 * The positions of `rows` that poll updates wrote after version `from` up to `to` (each at most once), or null when that
 * is not known (another array, or more updates than the log keeps): what a reader of `rows` as of `from` must read again
 * to have them as of `to`. The rest are the same row objects.
 */
export function positionsWritten(rows: readonly WatchedTask[], from: number, to: number): readonly number[] | null {
  if (to === from) return [];
  const log = writes.get(rows);
  if (!log || to < from) return null;
  // One update behind (a render per poll update): its own list.
  if (to === from + 1) return log.get(to) ?? null;
  const out = new Set<number>();
  for (let v = from + 1; v <= to; v++) {
    const positions = log.get(v);
    if (!positions) return null;
    for (const p of positions) out.add(p);
  }
  return [...out];
}

/**
 * The rows of the watch list on a board, shared by the poller, the watcher and the page: the same
 * list and board give the same object, and a board made from the last one by the poller updates
 * only the tasks it touched (a cycle of 1,000 answers among 100,000 tasks).
 */
export function boardRows(ids: readonly string[], board: TaskBoard): BoardRows {
  if (last && last.ids === ids && last.board !== board) {
    // A board the rows have already gone past: a cycle in slices (poll-in-slices.ts) moves the shared rows on with each
    // slice while the page still renders the board before it. Its result is given again (the rows, written in place, are
    // already newer), not a full pass over every task made from it; at 100,000 tasks each was a task of 30-55 ms, and
    // the next slice then made another.
    const earlier = seen.get(board);
    if (earlier?.ids === ids && touchedSince(last.board, board) === null) return earlier;
  }
  const touched = last?.ids === ids ? touchedSince(last.board, board) : null;
  last = last && touched?.length === 0 ? { ...last, board } : derive(ids, board, last ?? undefined, touched ?? undefined);
  seen.set(board, last);
  return last;
}

/** The last derivation, for appendRows (board-rows-append.ts, loaded with the add path) to read and replace. */
export const lastDerived = {
  get: (): Derived | null => last,
  set: (d: Derived) => void (last = d),
};
