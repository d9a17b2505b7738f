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

export function buildRows(ids: readonly string[], board: TaskBoard): WatchedTask[] {
  return ids.map((id, index) => {
    const snapshot = board.tasks.get(id);
    const item = snapshot?.item;
    const group = statusGroupOf(snapshot);
    return {
      id,
      index,
      snapshot,
      group,
      progress: item ? Math.max(0, Math.min(100, Math.round(item.taskProgress))) : 0,
      updateTime: item ? usableTime(item.updateTime) : null,
      downloadUrl: snapshot?.downloadUrl ?? null,
    };
  });
}

type RowQuery = { statuses: ReadonlySet<StatusGroup>; search: string };
type RowCompare = (a: WatchedTask, b: WatchedTask) => number;

/** Rows matching every selected status (none selected = all) and the ID search; sorted by `compare` (ties keep list order), or in list order. */
export function queryRows(
  rows: readonly WatchedTask[],
  { statuses, search }: RowQuery,
  compare: RowCompare | null,
  descending: boolean,
): WatchedTask[] {
  const needle = search.trim().toLowerCase();
  const out = rows.filter((r) => (statuses.size === 0 || statuses.has(r.group)) && (!needle || r.id.toLowerCase().includes(needle)));
  const cmp: RowCompare = (a, b) => (compare ? compare(a, b) : 0) || a.index - b.index;
  // Rows arrive in list order, so the default view needs no sort (10,000 rows, every poll).
  if (!compare && !descending) return out;
  return out.sort(descending ? (a, b) => cmp(b, a) : cmp);
}
