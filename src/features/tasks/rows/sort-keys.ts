import type { StatusGroup } from '../task';
import type { WatchedTask } from './task-rows';

/** The status sort's order: what needs attention first. */
const STATUS_GROUP_RANK: Record<StatusGroup, number> = {
  5: 0,
  6: 1,
  'not-found': 2,
  unknown: 3,
  invalid: 3,
  3: 4,
  2: 5,
  1: 6,
  waiting: 7,
  4: 8,
};

/** What the list's sorts read of a row: a watch-list row, or the copy of one the list's worker sorts. */
export type SortableRow = Pick<WatchedTask, 'index' | 'group' | 'progress' | 'updateTime'>;

/**
 * The list's sorts other than its own order, as a number per row (ascending; ties keep the list order): the table's
 * columns offer them under "Sort by" and the list's worker sorts by them, so both order rows alike.
 */
export const SORT_KEYS = {
  status: (r: SortableRow) => STATUS_GROUP_RANK[r.group],
  progress: (r: SortableRow) => r.progress,
  updated: (r: SortableRow) => r.updateTime ?? -1,
} as const satisfies Record<string, (row: SortableRow) => number>;
