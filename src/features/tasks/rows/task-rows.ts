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
  /**
   * The answer's status and error code, null before an answer: copied onto the row for the query's tests, which read
   * them for every row. Read through the snapshot, they were a pointer chase per row to objects made at other times
   * (the worker's answers), the dearest part of a pasted query's filter at 100,000 rows (issue 38).
   */
  taskStatus: number | null;
  errorCode: number | null;
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
    taskStatus: item ? item.taskStatus : null,
    errorCode: item ? item.errorCode : null,
  };
}

export function buildRows(ids: readonly string[], board: TaskBoard): WatchedTask[] {
  return ids.map((id, index) => buildRow(id, index, board.tasks.get(id)));
}
