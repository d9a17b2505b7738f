import type { WatchedTask } from '../rows';
import { taskHistoryStore } from './task-history-recorder';

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
): (row: WatchedTask) => number | undefined {
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

/** The task history's first-seen times for `rows` (firstSeenByPosition over the history's records). */
export const firstSeenIn = (rows: readonly WatchedTask[]) =>
  firstSeenByPosition(rows, (id) => taskHistoryStore.get().records.get(id)?.firstSeen);
