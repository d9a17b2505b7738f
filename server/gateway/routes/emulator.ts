import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { isValidUserId } from '#contract';
import type { GatewayDeps } from '../deps';
import { readJsonObject } from '../read-json-body';
import { fail, invalid, ok } from '../reply';
import { validateBody } from '../validate-body';
import { readUserId } from '../request-context';
import { TASK_DURATION_MS, TASK_OUTCOMES } from '../tasks/task-record';

const MAX_TASKS_PER_CALL = 1000;

const createTasksSchema = z.object({
  count: z.number().int().min(1).max(MAX_TASKS_PER_CALL),
  durationMs: z.number().int().min(TASK_DURATION_MS.min).max(TASK_DURATION_MS.max).optional(),
  outcome: z.enum(TASK_OUTCOMES).optional(),
});

const endTasksSchema = z.object({ taskIds: z.array(z.string().max(200)).min(1).max(MAX_TASKS_PER_CALL) });

const setPointsSchema = z.object({ points: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

/**
 * Emulator controls: not part of the service, present only in embedded mode, so tests and
 * operators can make tasks and set balances. No token: they never exist on a real gateway.
 */
export function emulatorRoutes(deps: GatewayDeps) {
  const app = new Hono();
  if (!deps.emulator) {
    app.all('*', (c) => fail(c, 404, 'No such operation: emulator controls are off', 404));
    return app;
  }

  app.post('/tasks', async (c) => {
    const userId = readUserId(c);
    const input = validateBody(createTasksSchema, await readJsonObject(c));
    return ok(c, { taskIds: await deps.tasks.create(userId, input) });
  });

  // Tests end tasks when their story needs it instead of waiting out a life long enough for a busy machine.
  app.post('/tasks/end', async (c) => {
    const userId = readUserId(c);
    const { taskIds } = validateBody(endTasksSchema, await readJsonObject(c));
    return ok(c, { ended: deps.tasks.endNow(userId, taskIds) });
  });

  app.put('/users/:userId', async (c) => {
    const userId = pathUserId(c);
    const { points } = validateBody(setPointsSchema, await readJsonObject(c));
    deps.points.set(userId, points);
    return ok(c, { userId, points });
  });

  app.get('/users/:userId', (c) => {
    const userId = pathUserId(c);
    return ok(c, { userId, points: deps.points.balance(userId) });
  });

  return app;
}

/** The path's user ID in the canonical form X-User-Id uses ("007" is user 7), or 2001. */
function pathUserId(c: Context): string {
  const userId = c.req.param('userId') ?? '';
  if (!isValidUserId(userId)) throw invalid('the user ID in the path must be numeric');
  return BigInt(userId).toString();
}
