// The board as rows: one row per watched task, the summary, what changed since a poll, and deriving them in slices.
export { recordDelta, touchedSince, writableTasks } from './board-delta';
export { boardRows, positionsWritten } from './board-rows';
export { appendRows } from './board-rows-append';
export { deriveInSlices } from './derive-in-slices';
export { progressLine } from './progress-line';
export { summarize, type Summary } from './summarize';
export { buildRows, type WatchedTask } from './task-rows';
export { SORT_KEYS, type SortableRow } from './sort-keys';
export { sortRows, warmUpSort } from './sort-rows';
