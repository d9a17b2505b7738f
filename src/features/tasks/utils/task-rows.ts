import type { TaskBoard, TaskSnapshot } from './task-snapshot';
import { STATUS_GROUP_RANK, statusGroupOf, type StatusGroup } from './status-group';
import { usableTime } from './format-time';

export type TaskRow = {
  id: string;
  /** Position in the watch list (the default order). */
  index: number;
  snapshot: TaskSnapshot | undefined;
  group: StatusGroup;
  progress: number;
  updateTime: number | null;
  downloadUrl: string | null;
};

export function buildRows(ids: readonly string[], board: TaskBoard): TaskRow[] {
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

export type SortKey = 'list' | 'status' | 'progress' | 'updated';
export type RowQuery = { statuses: ReadonlySet<StatusGroup>; search: string; sort: SortKey; descending: boolean };

const compare: Record<SortKey, (a: TaskRow, b: TaskRow) => number> = {
  list: (a, b) => a.index - b.index,
  status: (a, b) => STATUS_GROUP_RANK[String(a.group)]! - STATUS_GROUP_RANK[String(b.group)]! || a.index - b.index,
  progress: (a, b) => a.progress - b.progress || a.index - b.index,
  updated: (a, b) => (a.updateTime ?? -1) - (b.updateTime ?? -1) || a.index - b.index,
};

/** Rows matching every selected status (none selected = all) and the ID search, sorted. */
export function queryRows(rows: readonly TaskRow[], { statuses, search, sort, descending }: RowQuery): TaskRow[] {
  const needle = search.trim().toLowerCase();
  const out = rows.filter((r) => (statuses.size === 0 || statuses.has(r.group)) && (!needle || r.id.toLowerCase().includes(needle)));
  // Rows arrive in list order, so the default view needs no sort (10,000 rows, every poll).
  if (sort === 'list' && !descending) return out;
  const cmp = compare[sort];
  return out.sort(descending ? (a, b) => cmp(b, a) : cmp);
}
