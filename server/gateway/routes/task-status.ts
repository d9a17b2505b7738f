import { Hono } from 'hono';
import { TaskStatus, mergeTaskIds, operations, type TaskStatusItem } from '../../../src/contract';
import type { GatewayDeps } from '../deps';
import { linkOrigin } from '../files/link-origin';
import { readJsonObject } from '../read-json-body';
import { ok } from '../reply';
import { validateBody, withoutNulls } from '../validate-body';
import { checkStatusToken, readUserId } from '../request-context';

/**
 * Operation A. IDs that are unknown and IDs of another user's tasks are both left out of data
 * (never an error, and never distinguishable), so nothing about other users leaks; data keeps
 * the order of the merged request.
 */
export function taskStatusRoutes(deps: GatewayDeps) {
  const app = new Hono();
  app.post(operations.taskStatus.path, async (c) => {
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

/** Rules 1-4 of section 4.1, checked by the contract's schema; a JSON null counts as absent. */
export function readTaskIds(body: Record<string, unknown>): string[] {
  return mergeTaskIds(validateBody(operations.taskStatus.request, withoutNulls(body)));
}
