import { Hono } from 'hono';
import { TaskStatus, operations } from '../../../src/contract';
import type { GatewayDeps } from '../deps';
import { linkOrigin } from '../files/link-origin';
import { readJsonObject } from '../read-json-body';
import { validateBody, withoutNulls } from '../validate-body';
import { checkStatusToken, readUserId } from '../request-context';
import { statusAnswerJson, taskItemJson } from './status-answer';

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
    const now = deps.tasks.now();
    const states = deps.tasks.statesOf(userId, ids, now);
    let origin: string | undefined;
    const items: string[] = [];
    for (const taskId of ids) {
      const state = states.get(taskId);
      if (!state) continue;
      const finished = state.taskStatus === TaskStatus.finished;
      const targetVideoUrl = finished ? deps.signer.fileUrl((origin ??= linkOrigin(c, deps)), 'video', taskId, userId) : null;
      items.push(taskItemJson(taskId, state, targetVideoUrl));
    }
    return c.body(statusAnswerJson(items), 200, { 'Content-Type': 'application/json' });
  });
  return app;
}

/** Rules 1-4 of section 4.1, checked by the contract's schema; a JSON null counts as absent. */
export function readTaskIds(body: Record<string, unknown>): string[] {
  return validateBody(operations.taskStatus.request, withoutNulls(body));
}
