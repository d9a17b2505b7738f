import { Hono, type Context } from 'hono';
import { isValidUserId, TaskStatus } from '#contract';
import type { GatewayDeps } from '../deps';
import type { FileKind } from '../files/url-signer';
import { SAMPLE_VIDEO_PATH } from '../files/sample-video';
import { sendFile } from '../files/send-file';
import { fail } from '../reply';

/**
 * Signed file links (not part of the service interface; its URLs point here). A bad or missing
 * signature is 403; a valid link to a file that is not (or no longer) there is 404.
 */
export function fileRoutes(deps: GatewayDeps) {
  const app = new Hono();

  app.get('/video/:taskId', async (c) => {
    const taskId = c.req.param('taskId');
    const userId = checkLink(c, deps, 'video', taskId);
    if (userId === null) return forbidden(c);
    if (deps.tasks.stateOf(userId, taskId)?.taskStatus !== TaskStatus.finished) return notFound(c);
    const sent = await sendFile(
      c,
      { path: SAMPLE_VIDEO_PATH },
      {
        contentType: 'video/mp4',
        disposition: `attachment; ${fileNameParam(`${taskId}-text-removed.mp4`)}`,
      },
    );
    return sent ?? notFound(c);
  });

  app.get('/audio/:name', async (c) => {
    const name = c.req.param('name');
    if (checkLink(c, deps, 'audio', name) === null) return forbidden(c);
    const audio = await deps.speech.readAudio(name);
    if (!audio) return notFound(c);
    const sent = await sendFile(c, audio, { contentType: audio.contentType, disposition: `inline; ${fileNameParam(audio.fileName)}` });
    return sent ?? notFound(c);
  });

  return app;
}

/** The user the link was made for, or null when the link is not genuine. */
function checkLink(c: Context, deps: GatewayDeps, kind: FileKind, name: string): string | null {
  const userId = c.req.query('u') ?? '';
  const sig = c.req.query('sig') ?? '';
  return isValidUserId(userId) && deps.signer.verify(kind, name, userId, sig) ? userId : null;
}

/** filename= for old clients (ASCII only) and filename*= (RFC 5987) for the rest. */
function fileNameParam(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const forbidden = (c: Context) => fail(c, 403, 'Forbidden: this file link is not valid', 403);
const notFound = (c: Context) => fail(c, 404, 'Not Found: no such file', 404);
