import { isKnownTaskStatus, type TaskStatusCode } from '@/contract';

/** Where each status stands along a task's life; the endings share the last stage. */
const ENDING = 4;
const STAGE: Record<TaskStatusCode, number> = { 1: 1, 2: 2, 3: 3, 4: ENDING, 5: ENDING, 6: ENDING };
const stage = (status: TaskStatusCode) => STAGE[status];

/**
 * A status change backwards along Created → Queued → Running → an ending (Finished, Failed, Aborted), or from one
 * ending to another: no real task does that, so the row and timeline say so. Unlisted statuses are not judged.
 */
export function statusWentBack(from: number | null, to: number): boolean {
  if (from === null || from === to || !isKnownTaskStatus(from) || !isKnownTaskStatus(to)) return false;
  return stage(to) < stage(from) || stage(from) === ENDING;
}
