import { type TaskBoard, type TaskSnapshot, statusGroupOf, type StatusGroup } from '../task';
import { usableTime } from '@/lib/format-time';

export type WatchedTask = {
  id: string;
  /** The ID lower-cased once, when the row is built: the query's free text and `id:` read it for every row (issue 38). */
  idLower: string;
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
    idLower: id.toLowerCase(),
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
