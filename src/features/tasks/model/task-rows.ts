import type { TaskBoard, TaskSnapshot } from './task-snapshot';
import { statusGroupOf, type StatusGroup } from './status-group';
import { usableTime } from '@/lib/format-time';

export type WatchedTask = {
  id: string;
  /** Position in the watch list (the default order). */
  index: number;
  snapshot: TaskSnapshot | undefined;
  group: StatusGroup;
  progress: number;
  updateTime: number | null;
  downloadUrl: string | null;
};

export function buildRow(id: string, index: number, snapshot: TaskSnapshot | undefined): WatchedTask {
  const item = snapshot?.item;
  return {
    id,
    index,
    snapshot,
    group: statusGroupOf(snapshot),
    progress: item ? Math.max(0, Math.min(100, Math.round(item.taskProgress))) : 0,
    updateTime: item ? usableTime(item.updateTime) : null,
    downloadUrl: snapshot?.downloadUrl ?? null,
  };
}

export function buildRows(ids: readonly string[], board: TaskBoard): WatchedTask[] {
  return ids.map((id, index) => buildRow(id, index, board.tasks.get(id)));
}

type RowQuery = { statuses: ReadonlySet<StatusGroup>; search: string };
type RowCompare = (a: WatchedTask, b: WatchedTask) => number;

/** Rows matching every selected status (none selected = all) and the ID search; sorted by `compare` (ties keep list order), or in list order. */
export function queryRows(
  rows: readonly WatchedTask[],
  { statuses, search }: RowQuery,
  compare: RowCompare | null,
  descending: boolean,
): readonly WatchedTask[] {
  const needle = search.trim().toLowerCase();
  // The default view is the list itself: no pass over 100,000 rows on every poll.
  if (statuses.size === 0 && !needle && !compare && !descending) return rows;
  const out = rows.filter((r) => (statuses.size === 0 || statuses.has(r.group)) && (!needle || r.id.toLowerCase().includes(needle)));
  const cmp: RowCompare = (a, b) => (compare ? compare(a, b) : 0) || a.index - b.index;
  if (!compare && !descending) return out;
  return out.sort(descending ? (a, b) => cmp(b, a) : cmp);
}
