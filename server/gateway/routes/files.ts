import { Hono, type Context } from 'hono';
import { isValidUserId, TaskStatus } from '../../../src/contract';
import type { GatewayDeps } from '../deps';
import type { FileKind } from '../files/url-signer';
import { parseByteRange } from '../files/byte-range';
import { readSampleVideo } from '../files/sample-video';
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
    return send(c, await readSampleVideo(), 'video/mp4', `attachment; ${fileNameParam(`${taskId}-text-removed.mp4`)}`);
  });

  app.get('/audio/:name', async (c) => {
    const name = c.req.param('name');
    if (checkLink(c, deps, 'audio', name) === null) return forbidden(c);
    const audio = await deps.speech.readAudio(name);
    if (!audio) return notFound(c);
    return send(c, audio.bytes, audio.contentType, `inline; ${fileNameParam(audio.fileName)}`);
  });

  return app;
}

/** The user the link was made for, or null when the link is not genuine. */
function checkLink(c: Context, deps: GatewayDeps, kind: FileKind, name: string): string | null {
  const userId = c.req.query('u') ?? '';
  const sig = c.req.query('sig') ?? '';
  return isValidUserId(userId) && deps.signer.verify(kind, name, userId, sig) ? userId : null;
}

/** Whole file or one byte range of it: media elements seek with Range requests. */
function send(c: Context, bytes: Uint8Array, contentType: string, disposition: string) {
  const size = bytes.byteLength;
  const range = parseByteRange(c.req.header('Range'), size);
  if (range === 'unsatisfiable') {
    c.header('Content-Range', `bytes */${size}`);
    return fail(c, 416, 'Range Not Satisfiable', 416);
  }
  // Response bodies want an ArrayBuffer-backed view; copy only if the bytes sit in shared memory.
  const whole = bytes.buffer instanceof ArrayBuffer ? new Uint8Array(bytes.buffer, bytes.byteOffset, size) : bytes.slice();
  const body = range ? whole.subarray(range.start, range.end + 1) : whole;
  const headers = {
    'Content-Type': contentType,
    'Content-Length': String(body.byteLength),
    'Content-Disposition': disposition,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
  };
  if (!range) return c.body(body, 200, headers);
  return c.body(body, 206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}` });
}

/** filename= for old clients (ASCII only) and filename*= (RFC 5987) for the rest. */
function fileNameParam(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const forbidden = (c: Context) => fail(c, 403, 'Forbidden: this file link is not valid', 403);
const notFound = (c: Context) => fail(c, 404, 'Not Found: no such file', 404);
