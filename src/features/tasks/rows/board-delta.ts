import type { TaskBoard, TaskSnapshot } from '../task';

// Copying a task map of 100,000 entries takes 50 ms or more, so the poller writes its own map in
// place: each board it makes replaces the one before (the old board is not read again).
const owned = new WeakSet<ReadonlyMap<string, TaskSnapshot>>();

/** The board's task map to write to: a map the poller made, in place; any other (EMPTY_BOARD's, a test's) copied once. */
export function writableTasks(tasks: ReadonlyMap<string, TaskSnapshot>): Map<string, TaskSnapshot> {
  if (owned.has(tasks)) return tasks as Map<string, TaskSnapshot>;
  const copy = new Map(tasks);
  owned.add(copy);
  return copy;
}

type Delta = { base: TaskBoard; touched: readonly string[] };
const deltas = new WeakMap<TaskBoard, Delta>();

/**
 * Notes that `next` differs from `base` only in the snapshots of `touched`, so what is derived from
 * every task (rows, counts) can be updated for those alone. Only the newest step is kept: a chain
 * of boards would hold every old board alive.
 */
export function recordDelta(next: TaskBoard, base: TaskBoard, touched: readonly string[]): TaskBoard {
  deltas.delete(base);
  if (next !== base) deltas.set(next, { base, touched });
  return next;
}

/** The IDs whose snapshots changed from `base` to `next`, or null when that is not known (derive everything again). */
export function touchedSince(base: TaskBoard, next: TaskBoard): readonly string[] | null {
  if (base === next) return [];
  const delta = deltas.get(next);
  return delta?.base === base ? delta.touched : null;
}
