import { type TaskBoard, type TaskSnapshot, statusGroupOf, type StatusGroup } from '../task';
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

type RowCompare = (a: WatchedTask, b: WatchedTask) => number;

/**
 * Rows `keep` keeps (a compiled query: query/language/compile-query.ts; null keeps all), sorted by `compare`
 * (ties keep list order), or in list order. Takes the predicate, not the query, so this first-visit module
 * does not pull the query language into the first load.
 */
export function queryRows(
  rows: readonly WatchedTask[],
  keep: ((row: WatchedTask) => boolean) | null,
  compare: RowCompare | null,
  descending: boolean,
): readonly WatchedTask[] {
  // The default view is the list itself: no pass over 100,000 rows on every poll.
  if (!keep && !compare && !descending) return rows;
  let out: WatchedTask[];
  if (keep) {
    out = [];
    for (let i = 0; i < rows.length; i++) if (keep(rows[i]!)) out.push(rows[i]!);
  } else out = rows.slice();
  const cmp: RowCompare = (a, b) => (compare ? compare(a, b) : 0) || a.index - b.index;
  if (!compare && !descending) return out;
  return out.sort(descending ? (a, b) => cmp(b, a) : cmp);
}
