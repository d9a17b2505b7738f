import type { WatchedTask } from '../rows';
import { type IdleScheduler, type IdleSlice, whenIdle } from '@/lib/idle-slices';
import { taskHistoryStore } from './task-history-recorder';
import { firstSeenOf } from './task-record';

/** First-seen times by row position, for each rows array (NaN: not known yet). */
const cached = new WeakMap<readonly WatchedTask[], Float64Array>();

/**
 * When the console first saw each row's task, for `age:`: `lookup` (the task history's map) once per position, then an
 * array read. A lookup in the history's 100,000-entry map costs 250–1,000 ns on this machine (its memory read at
 * random), and the long query's `age:` term made ~17,800 of them at each clock step and in a paste: 10–17 ms of the
 * paste's CPU profile. A first-seen time never changes once recorded, and a position of a rows array always holds the
 * same task (board-rows.ts: a changed watch list is a new array), so a time found is kept; one not found yet (the
 * history still loading, a task not seen yet) is looked up again next time.
 */
export function firstSeenByPosition(
  rows: readonly WatchedTask[],
  lookup: (id: string) => number | undefined,
): (row: Pick<WatchedTask, 'id' | 'index'>) => number | undefined {
  // This reader's array, fetched again only when a row lies past it (a list grown in place, or another reader's array).
  let times = cached.get(rows);
  return (row) => {
    if (!times || times.length <= row.index) {
      times = cached.get(rows);
      if (!times || times.length <= row.index) {
        // A list grown in place (tasks added): the times known so far, room for the rest.
        const grown = new Float64Array(Math.max(rows.length, row.index + 1)).fill(NaN);
        if (times) grown.set(times);
        cached.set(rows, (times = grown));
      }
    }
    const time = times[row.index]!;
    if (time === time) return time;
    const seen = lookup(row.id);
    if (seen !== undefined) times[row.index] = seen;
    return seen;
  };
}

/** Rows read between two looks at the idle deadline. */
const ROWS_PER_CHECK = 256;

/**
 * Looks up, in idle moments, the first-seen times of `rows` not known yet, so that the first `age:` query reads them
 * from the array: a paste of the long query at 100,000 rows made its ~17,700 lookups in its keystroke (12.7 ms of its
 * CPU profile). A pass reads the rows in idle slices. When the history changes (`onChange`) after a pass, another
 * starts if that one met a slot not derived yet (the list fills its array in slices: board-rows.ts), if the list grew
 * in place, or if it left times unknown and the history holds more tasks now (`size()`). Runs until the returned stop
 * (the list replaced).
 */
export function fillFirstSeenWhenIdle(
  rows: readonly (WatchedTask | undefined)[],
  lookup: (id: string) => number | undefined,
  size: () => number,
  onChange: (listener: () => void) => () => void,
  idle: IdleScheduler = whenIdle,
): () => void {
  const read = firstSeenByPosition(rows as readonly WatchedTask[], lookup);
  let cancel: (() => void) | null = null;
  let at = 0;
  // What the last pass met, and the history's size as it started.
  let unknown = 0;
  let holes = 0;
  let readTo = 0;
  let passSize = -1;
  const slice = ({ hasTime }: IdleSlice) => {
    cancel = null;
    do {
      const end = Math.min(rows.length, at + ROWS_PER_CHECK);
      for (; at < end; at++) {
        const row = rows[at];
        if (!row) holes++;
        else if (read(row) === undefined) unknown++;
      }
    } while (at < rows.length && hasTime());
    if (at < rows.length) cancel = idle(slice);
    else readTo = at;
  };
  const startPass = () => {
    if (cancel) return;
    const wanted = holes > 0 || rows.length > readTo || (unknown > 0 && size() !== passSize);
    if (!wanted) return;
    passSize = size();
    at = 0;
    unknown = 0;
    holes = 0;
    cancel = idle(slice);
  };
  const unsubscribe = onChange(startPass);
  startPass();
  return () => {
    unsubscribe();
    cancel?.();
    cancel = null;
  };
}

const historyFirstSeen = (id: string) => {
  const record = taskHistoryStore.get().records.get(id);
  return record && firstSeenOf(record);
};

/**
 * The first-seen times of `rows` known so far, by position (NaN: not known yet), as the readers and the idle fill keep
 * them (made here, all unknown, when none has yet). For a copy sent elsewhere (the list's worker), which takes a time
 * not known yet as none: a reader would look it up in the history.
 */
export function firstSeenTimes(rows: readonly WatchedTask[]): Float64Array {
  let times = cached.get(rows);
  if (!times || times.length < rows.length) {
    const grown = new Float64Array(rows.length).fill(NaN);
    if (times) grown.set(times);
    cached.set(rows, (times = grown));
  }
  return times;
}

/** The task history's first-seen times for `rows` (firstSeenByPosition over the history's records). */
export const firstSeenIn = (rows: readonly WatchedTask[]) => firstSeenByPosition(rows, historyFirstSeen);

/** fillFirstSeenWhenIdle over the task history: started by the list for its rows, stopped when they change. */
export const fillFirstSeenInIdle = (rows: readonly WatchedTask[]) =>
  fillFirstSeenWhenIdle(rows, historyFirstSeen, () => taskHistoryStore.get().records.size, taskHistoryStore.subscribe);
