import { Hono } from 'hono';
import {
  ErrorCode,
  ErrorMessage,
  MAX_MERGED_TASK_IDS,
  TaskStatus,
  TASK_ID_PREFIX,
  hasTaskIdPrefix,
  mergeTaskIds,
  type TaskStatusItem,
} from '../../../src/contract';
import type { GatewayDeps } from '../deps';
import { linkOrigin } from '../files/link-origin';
import { readJsonObject } from '../read-json-body';
import { GatewayError, invalid, ok } from '../reply';
import { checkStatusToken, readUserId } from '../request-context';

/**
 * Operation A. IDs that are unknown and IDs of another user's tasks are both left out of data
 * (never an error, and never distinguishable), so nothing about other users leaks; data keeps
 * the order of the merged request.
 */
export function taskStatusRoutes(deps: GatewayDeps) {
  const app = new Hono();
  app.post('/taskStatus', async (c) => {
    checkStatusToken(c, deps.tokens, deps.statusAuth);
    const userId = readUserId(c);
    const ids = readTaskIds(await readJsonObject(c));
    const origin = linkOrigin(c, deps);
    const now = deps.tasks.now();
    const data: TaskStatusItem[] = [];
    const states = deps.tasks.statesOf(userId, ids, now);
    for (const taskId of ids) {
      const state = states.get(taskId);
      if (!state) continue;
      const finished = state.taskStatus === TaskStatus.finished;
      const targetVideoUrl = finished ? deps.signer.fileUrl(origin, 'video', taskId, userId) : null;
      data.push({ taskId, ...state, targetVideoUrl });
    }
    return ok(c, data);
  });
  return app;
}

/** Rules 1-4 of section 4.1. A JSON null counts as absent, as in the Java-style original. */
export function readTaskIds(body: Record<string, unknown>): string[] {
  const { taskId, taskIds } = body;
  if (taskId != null && typeof taskId !== 'string') throw invalid('taskId must be a string');
  if (taskIds != null && (!Array.isArray(taskIds) || !taskIds.every((id) => typeof id === 'string'))) {
    throw invalid('taskIds must be an array of strings');
  }
  const merged = mergeTaskIds({ taskId, taskIds: taskIds as string[] | null | undefined });
  if (merged.length === 0) throw new GatewayError(ErrorCode.invalidParameter, ErrorMessage.bothIdsEmpty);
  if (merged.length > MAX_MERGED_TASK_IDS) {
    throw invalid(`at most ${MAX_MERGED_TASK_IDS} task IDs after merging and removing duplicates, got ${merged.length}`);
  }
  const bad = merged.find((id) => !hasTaskIdPrefix(id));
  if (bad !== undefined) throw invalid(`every task ID must start with ${TASK_ID_PREFIX} (got ${JSON.stringify(bad.slice(0, 60))})`);
  return merged;
}
