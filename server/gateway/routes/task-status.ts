import { Hono } from 'hono';
import { operations } from '#contract';
import type { GatewayDeps } from '../deps';
import { linkOrigin } from '../files/link-origin';
import { readBodyBytes } from '../read-json-body';
import { checkStatusToken, readUserId } from '../request-context';
import { answerTaskStatus } from './status-query';
import { noteEnvelopeCode } from '../../observability/request-record';

export { readTaskIds } from './status-query';

/** A new object each time: @hono/node-server adds Content-Length to the one it is given. */
const jsonType = () => ({ 'Content-Type': 'application/json' });

/**
 * Operation A (status-query.ts). Headers are checked on every request; a body seen lately from the
 * same user may be answered from deps.statusAnswers while nothing it asks can have changed. The
 * production server answers most polls before they reach this route (status-fast-path.ts), with
 * the same checks and bytes; whatever that path does not answer for sure comes here.
 */
export function taskStatusRoutes(deps: GatewayDeps) {
  const app = new Hono();
  app.post(operations.taskStatus.path, async (c) => {
    checkStatusToken(c, deps.tokens, deps.statusAuth);
    const userId = readUserId(c);
    const body = await readBodyBytes(c);
    const answer = answerTaskStatus(deps, userId, body, () => linkOrigin(c, deps));
    noteEnvelopeCode(c, 0);
    return c.body(answer, 200, jsonType());
  });
  return app;
}
