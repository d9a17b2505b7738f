import { Hono, type Context } from 'hono';
import { ErrorCode, type OperationName } from '#contract';
import { fail, GatewayError } from './reply';
import type { GatewayDeps } from './deps';
import { taskStatusRoutes } from './routes/task-status';
import { textToSpeechRoutes } from './routes/text-to-speech';
import { emulatorRoutes } from './routes/emulator';
import { fileRoutes } from './routes/files';

/** Each operation's routes: an operation added to the contract fails the typecheck here until this gateway serves it. */
const OPERATION_ROUTES: Record<OperationName, (deps: GatewayDeps) => Hono> = {
  taskStatus: taskStatusRoutes,
  textToSpeech: textToSpeechRoutes,
};

/**
 * The embedded reference gateway. Paths are relative to {base_url}; the server mounts this
 * app at /api. Every answer, including errors and unknown paths, is the envelope.
 */
export function createGatewayApp(deps: GatewayDeps) {
  const app = new Hono();
  for (const routes of Object.values(OPERATION_ROUTES)) app.route('/', routes(deps));
  app.route('/_emulator', emulatorRoutes(deps));
  app.route('/files', fileRoutes(deps));

  // A catch-all route, not only notFound(): a parent app that mounts this one at /api uses its
  // own notFound, which would answer unknown /api paths with a plain-text page.
  const noSuchOperation = (c: Context) => fail(c, 404, `No such operation: ${c.req.method} ${new URL(c.req.url).pathname}`, 404);
  app.all('*', noSuchOperation);
  app.notFound(noSuchOperation);
  app.onError((err, c) => {
    if (err instanceof GatewayError) return fail(c, err.code, err.message, err.status, { ...err.headers });
    console.error('gateway: unexpected error', err instanceof Error ? err.message : String(err));
    return fail(c, ErrorCode.invalidParameter, 'Invalid Parameter: the request could not be processed', 500);
  });
  return app;
}
