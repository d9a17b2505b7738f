import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { proxyInfo } from '../console-info';
import { observeRequests } from '../observability/observe-requests';
import { createRequestListener } from '../request-listener';
import { allowedHostNames } from '../security/host-allow-list';
import { createServerApp } from '../server-app';
import { closeWithConnections, listenOnLoopback } from '../testing/loopback-server';
import { createGatewayProxy } from './gateway-proxy';

/** A gateway whose answer the request's X-Case header picks, so both servers get the same ones. */
function gatewayAnswer(req: IncomingMessage, res: ServerResponse): void {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (text += chunk));
  req.on('end', () => {
    const seen = { path: req.url, body: text, userId: req.headers['x-user-id'], accept: req.headers['accept-encoding'] };
    switch (req.headers['x-app-source']) {
      case 'busy':
        return json(429, { code: 429, message: 'busy', data: null }, { 'Retry-After': '7' });
      case 'console-failure':
        return json(502, { code: 502, message: 'mine', data: null, consoleFailure: { reason: 'timeout', seconds: 1 } });
      case 'html':
        return void res.writeHead(500, { 'Content-Type': 'text/html' }).end('<script>alert(1)</script>');
      case 'speech':
        return json(200, { code: 0, message: 'ok', data: { targetAudioUrl: '/files/a.wav' } });
      case 'broken':
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":0,');
      default:
        return json(200, { code: 0, message: 'ok', data: [seen] });
    }
  });
}

/** A request as send() makes it. */
type Sent = { path?: string; method?: string; headers?: Record<string, string>; body?: string; chunked?: boolean };

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One raw request (a path Node's fetch would not send as it is, a chunked body, a Host of our choosing). */
function send(
  port: number,
  { path = '/api/textRemoval/taskStatus', method = 'POST', headers = {}, body = '{"taskIds":["a"]}', chunked = false }: Sent = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { 'Content-Type': 'application/json', 'X-User-Id': '7', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    if (chunked) {
      req.write(body.slice(0, 3));
      req.end(body.slice(3));
    } else req.end(method === 'POST' ? body : undefined);
  });
}

describe("the proxy's fast path answers as the app does", () => {
  let upstream: Server;
  let withFastPath: Server;
  let appOnly: Server;
  let ports: { fast: number; app: number };
  const logs = { fast: [] as string[], app: [] as string[] };

  beforeAll(async () => {
    upstream = createServer(gatewayAnswer);
    const gatewayUrl = `http://127.0.0.1:${await listenOnLoopback(upstream)}/api`;
    const allowedHosts = allowedHostNames('127.0.0.1');
    const serverWith = (fast: boolean, log: string[]) => {
      const api = createGatewayProxy({ gatewayUrl, secret: 's'.repeat(32), now: () => 1_700_000_000_000 });
      const app = createServerApp({ api, info: proxyInfo(), allowedHosts });
      return createServer(
        observeRequests(createRequestListener(app.fetch, fast ? api.fastPath({ allowedHosts }) : undefined), { log: (l) => log.push(l) }),
      );
    };
    withFastPath = serverWith(true, logs.fast);
    appOnly = serverWith(false, logs.app);
    ports = { fast: await listenOnLoopback(withFastPath), app: await listenOnLoopback(appOnly) };
  });
  afterAll(async () => {
    await Promise.all([closeWithConnections(withFastPath), closeWithConnections(appOnly), closeWithConnections(upstream)]);
  });

  /** The answer without what differs by nature between two servers: the date and the request ID's value. */
  const comparable = ({ status, headers, body }: Answer) => {
    const { date: _date, 'x-request-id': requestId, connection: _c, 'keep-alive': _k, ...rest } = headers;
    return { status, headers: rest, body, requestId: typeof requestId === 'string' };
  };
  const codesLogged = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { code?: number; status: number }).code);

  const cases: [string, Sent][] = [
    ['a status poll', {}],
    [
      'a status poll with every forwarded header and some that are not',
      { headers: { Authorization: 'Bearer t', 'X-Channel': '3', Accept: 'application/json', Cookie: 'a=b', 'X-Forwarded-For': '1.2.3.4' } },
    ],
    ['a speech request (a ticket added)', { path: '/api/speechSynthesis/textToSpeech', headers: { 'X-App-Source': 'speech' } }],
    ["the gateway's 429 with Retry-After", { headers: { 'X-App-Source': 'busy' } }],
    ['a gateway answer carrying consoleFailure (dropped)', { headers: { 'X-App-Source': 'console-failure' } }],
    ['an HTML answer (a 502 envelope)', { headers: { 'X-App-Source': 'html' } }],
    ['JSON that does not parse (a 502 envelope)', { headers: { 'X-App-Source': 'broken' } }],
    ['a query string (to the app)', { path: '/api/textRemoval/taskStatus?x=1' }],
    ['a chunked body (to the app)', { chunked: true }],
    ['a body over the cap (to the app: 413)', { body: JSON.stringify({ taskIds: ['x'.repeat(1.5 * 1024 * 1024)] }) }],
    ['a Host not served (to the app: 421)', { headers: { Host: 'evil.example' } }],
    ['GET (to the app: 404)', { method: 'GET' }],
  ];

  it.each(cases)('%s', async (_, request) => {
    const built = vi.spyOn(Readable, 'toWeb');
    const fast = await send(ports.fast, request);
    const fastBuilt = built.mock.calls.length;
    built.mockRestore();
    const app = await send(ports.app, request);
    expect(comparable(fast)).toEqual(comparable(app));
    expect(codesLogged(logs.fast).at(-1)).toBe(codesLogged(logs.app).at(-1));
    // The fast path builds no web Request for what it takes (node-server's body is Readable.toWeb).
    const taken = !/to the app/.test(_);
    if (taken && request.method !== 'GET') expect(fastBuilt).toBe(0);
  });

  it('takes the status poll and the speech request itself, without Hono', async () => {
    const fetchSpy = vi.fn();
    const allowedHosts = allowedHostNames('127.0.0.1');
    const api = createGatewayProxy({ gatewayUrl: `http://127.0.0.1:${(upstream.address() as { port: number }).port}/api` });
    const server = createServer(
      createRequestListener((request) => {
        fetchSpy();
        return createServerApp({ api, info: proxyInfo(), allowedHosts }).fetch(request);
      }, api.fastPath({ allowedHosts })),
    );
    const port = await listenOnLoopback(server);
    try {
      expect((await send(port)).status).toBe(200);
      expect((await send(port, { path: '/api/speechSynthesis/textToSpeech', headers: { 'X-App-Source': 'speech' } })).status).toBe(200);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect((await send(port, { path: '/api/textRemoval/taskStatus?x=1' })).status).toBe(200);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      await closeWithConnections(server);
    }
  });
});

describe("the proxy's fast path when its client leaves", () => {
  it('closes its request to the gateway at once', async () => {
    let arrived = false;
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((done) => (upstreamClosed = done));
    const upstream = createServer((req) => {
      arrived = true;
      req.socket.on('close', () => upstreamClosed()); // never answers
    });
    const gatewayUrl = `http://127.0.0.1:${await listenOnLoopback(upstream)}/api`;
    const allowedHosts = allowedHostNames('127.0.0.1');
    const api = createGatewayProxy({ gatewayUrl, timeoutMs: 600_000 });
    const server = createServer(
      createRequestListener(createServerApp({ api, info: proxyInfo(), allowedHosts }).fetch, api.fastPath({ allowedHosts })),
    );
    const port = await listenOnLoopback(server);
    try {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path: '/api/textRemoval/taskStatus',
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
      });
      req.on('error', () => undefined);
      req.end('{}');
      while (!arrived) await new Promise((r) => setTimeout(r, 10));
      req.destroy();
      await closed; // the test times out if the proxy kept its request open
    } finally {
      await Promise.all([closeWithConnections(server), closeWithConnections(upstream)]);
    }
  });
});
