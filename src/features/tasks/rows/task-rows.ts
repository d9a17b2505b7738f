import { type TaskBoard, type TaskSnapshot, statusGroupOf, type StatusGroup } from '../task';
import { usableTime } from '@/lib/format-time';
import { asciiLower } from '@/lib/ascii';

export type WatchedTask = {
  id: string;
  /**
   * The ID lower-cased once, when it is all ASCII (as every ID the service issues), else null: the query's free text and
   * `id:` search it for every row (issue 38; see the query's glob.ts).
   */
  idLower: string | null;
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

/** `before`: the task's row this one replaces, whose lower-cased ID it takes rather than making it again. */
export function buildRow(id: string, index: number, snapshot: TaskSnapshot | undefined, before?: WatchedTask): WatchedTask {
  const item = snapshot?.item;
  return {
    id,
    idLower: before?.id === id ? before.idLower : asciiLower(id),
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
