import { Hono } from 'hono';
import { operations } from '../../../src/contract';
import type { GatewayDeps } from '../deps';
import { linkOrigin } from '../files/link-origin';
import { parseJsonObject, readBodyBytes } from '../read-json-body';
import { validateBody, withoutNulls } from '../validate-body';
import { checkStatusToken, readUserId } from '../request-context';
import { nextChangeAt } from '../tasks/task-status-at';
import { indexedItemJson, statusAnswerJson } from './status-answer';
import { StatusAnswerCache } from './status-answer-cache';
import { quickTaskIds } from './quick-task-ids';

/** A new object each time: @hono/node-server adds Content-Length to the one it is given. */
const jsonType = () => ({ 'Content-Type': 'application/json' });

/**
 * Operation A. IDs that are unknown and IDs of another user's tasks are both left out of data
 * (never an error, and never distinguishable), so nothing about other users leaks; data keeps
 * the order of the merged request. Headers are checked on every request; a body seen lately
 * from the same user may be answered from StatusAnswerCache while nothing it asks can have changed.
 */
export function taskStatusRoutes(deps: GatewayDeps) {
  const app = new Hono();
  const answers = new StatusAnswerCache();
  app.post(operations.taskStatus.path, async (c) => {
    checkStatusToken(c, deps.tokens, deps.statusAuth);
    const userId = readUserId(c);
    const body = await readBodyBytes(c);
    const now = deps.tasks.now();
    let origin: string | undefined;
    const originOf = () => (origin ??= linkOrigin(c, deps));
    const version = deps.tasks.version;
    const cached = answers.get(userId, body, now, version, originOf);
    if (cached !== undefined) return c.body(cached, 200, jsonType());

    const ids = readTaskIds(parseJsonObject(body));
    const { owned, unknown } = deps.tasks.ownedTasks(userId, ids);
    let until = Infinity;
    const items = owned.map((task) => {
      until = Math.min(until, nextChangeAt(task.record, now));
      return indexedItemJson(task, now, originOf, (at) => deps.signer.fileUrl(at, 'video', task.record.taskId, userId));
    });
    const answer = statusAnswerJson(items);
    answers.set(userId, body, answer, {
      from: Math.floor(now),
      until,
      origin,
      deleted: version.deleted,
      created: unknown > 0 ? version.created : undefined,
    });
    return c.body(answer, 200, jsonType());
  });
  return app;
}

/** Rules 1-4 of section 4.1, as the contract's schema checks them; a JSON null counts as absent. */
export function readTaskIds(body: Record<string, unknown>): string[] {
  return quickTaskIds(body) ?? validateBody(operations.taskStatus.request, withoutNulls(body));
}
