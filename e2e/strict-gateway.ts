import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { operations, TASK_ID_PREFIX } from '#contract';

/**
 * A gateway that holds requests to the spec the way a mock generated from it does (Stoplight Prism):
 * a body the spec calls invalid gets HTTP 422, not an envelope. Valid requests get the spec's
 * answers. CORS is open; started on port 0 per spec file. It counts the requests per operation.
 *
 *   POST /textRemoval/taskStatus        needs a numeric X-User-Id and taskId/taskIds of Service_AI IDs; a token is optional
 *   POST /speechSynthesis/textToSpeech  needs a Bearer token (else 401), sourceText and voiceName (else 422)
 */
export type StrictGateway = {
  origin: string;
  /** Requests received, by operation path, with whether each carried a token and was valid. */
  received: { path: string; token: boolean; valid: boolean }[];
  close: () => Promise<void>;
};

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, X-User-Id, X-Channel, X-App-Source',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function validStatusBody(body: unknown): boolean {
  if (!isRecord(body)) return false;
  const ids = [...(typeof body.taskId === 'string' ? [body.taskId] : []), ...(Array.isArray(body.taskIds) ? body.taskIds : [])];
  return ids.length > 0 && ids.length <= 100 && ids.every((id) => typeof id === 'string' && id.startsWith(TASK_ID_PREFIX));
}

const validSpeechBody = (body: unknown): boolean =>
  isRecord(body) && typeof body.sourceText === 'string' && body.sourceText !== '' && typeof body.voiceName === 'string';

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') =>
  void res.writeHead(status, { 'Content-Type': type }).end(JSON.stringify(body));
const unprocessable = (res: ServerResponse) =>
  send(
    res,
    422,
    { type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY', title: 'Invalid request', status: 422 },
    'application/problem+json',
  );

export async function startStrictGateway(): Promise<StrictGateway> {
  const received: StrictGateway['received'] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const path = (req.url ?? '/').split('?')[0]!;
    const token = /^Bearer \S+$/.test(req.headers.authorization ?? '');
    void readJson(req).then((body) => {
      if (req.method === 'POST' && path === operations.taskStatus.path) {
        const valid = /^\d+$/.test(String(req.headers['x-user-id'] ?? '')) && validStatusBody(body);
        received.push({ path, token, valid });
        return valid ? send(res, 200, { code: 0, message: 'OK', data: [] }) : unprocessable(res);
      }
      if (req.method === 'POST' && path === operations.textToSpeech.path) {
        const valid = token && validSpeechBody(body);
        received.push({ path, token, valid });
        if (!token) return send(res, 401, { code: 401, message: 'Unauthorized', data: null });
        return valid
          ? send(res, 200, { code: 0, message: 'OK', data: { taskId: 'Service_AI_1', targetAudioUrl: '' } })
          : unprocessable(res);
      }
      send(res, 404, { code: 404, message: 'Not found', data: null });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
