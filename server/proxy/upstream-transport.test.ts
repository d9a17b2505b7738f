import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGatewayProxy } from './gateway-proxy';

/** A gateway on a loopback port that counts the connections the proxy opens to it. */
async function gateway(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handle);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  opened.push(server);
  return { url, connections: () => connections };
}
const opened: Server[] = [];
afterEach(async () => {
  for (const server of opened.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

const ENVELOPE = JSON.stringify({ code: 0, message: 'OK', data: [] });
const answerJson = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(ENVELOPE);
};
const post = (api: ReturnType<typeof createGatewayProxy>, signal?: AbortSignal) =>
  api.request('/textRemoval/taskStatus', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-User-Id': '1' },
    body: '{"taskIds":["a"]}',
    ...(signal ? { signal } : {}),
  });

describe("proxy mode's client to the gateway (node:http, keep-alive)", () => {
  it('sends requests one after another over one kept-alive connection', async () => {
    const gw = await gateway(answerJson);
    const api = createGatewayProxy({ gatewayUrl: gw.url });
    for (let i = 0; i < 20; i++) {
      const res = await post(api);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(ENVELOPE);
    }
    expect(gw.connections()).toBe(1);
  });

  // Before (undici's fetch, no bound per origin): 100 requests in flight opened 100 connections.
  it('opens at most 64 connections to the gateway however many requests are in flight; the rest wait their turn', async () => {
    const gw = await gateway((req, res) => setTimeout(() => answerJson(req, res), 100));
    const api = createGatewayProxy({ gatewayUrl: gw.url });
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(api)));
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(gw.connections()).toBeLessThanOrEqual(64);
    expect(gw.connections()).toBeGreaterThan(1);
  });

  it('answers 502 naming the cause when the gateway closes the connection mid-answer, never a cut answer', async () => {
    const gw = await gateway((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"code":0,');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const res = await post(createGatewayProxy({ gatewayUrl: gw.url }));
    expect(res.status).toBe(502);
    const json = (await res.json()) as { code: number; message: string };
    expect(json.code).toBe(502);
    expect(json.message).toMatch(/^Gateway unreachable: .+/);
  });

  it('closes its request to the gateway as soon as its own client leaves', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((done) => (upstreamClosed = done));
    let arrived = false;
    const gw = await gateway((req) => {
      arrived = true;
      req.socket.on('close', () => upstreamClosed()); // never answers
    });
    const api = createGatewayProxy({ gatewayUrl: gw.url, timeoutMs: 600_000 });
    const server = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    opened.push(server);
    await new Promise((ready) => server.once('listening', ready));
    const client = new AbortController();
    const answer = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/textRemoval/taskStatus`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': '1' },
      body: '{}',
      signal: client.signal,
    }).catch(() => 'left');
    while (!arrived) await new Promise((r) => setTimeout(r, 10));
    client.abort();
    expect(await answer).toBe('left');
    await closed; // the test times out if the proxy kept its request open
  });
});

describe("proxy mode's request side", () => {
  // Before: bodyLimit and c.req.arrayBuffer() built a whole WHATWG Request (headers, AbortController,
  // a web stream over the socket) per request only to forward its bytes: ~300 µs of the proxy's CPU.
  it('forwards the body read straight from the Node request, never building a WHATWG Request for it', async () => {
    const bodies: string[] = [];
    const gw = await gateway((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        bodies.push(text);
        answerJson(req, res);
      });
    });
    const api = createGatewayProxy({ gatewayUrl: gw.url });
    // node-server builds a Request's body as Readable.toWeb(incoming): a call to it means one was built.
    const built = vi.spyOn(Readable, 'toWeb');
    const server = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    opened.push(server);
    await new Promise((ready) => server.once('listening', ready));
    const body = JSON.stringify({ taskIds: Array.from({ length: 100 }, (_, i) => `task-${i}`) });
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { port: (server.address() as AddressInfo).port, host: '127.0.0.1', path: '/textRemoval/taskStatus', method: 'POST' },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.setHeader('Content-Type', 'application/json');
      req.end(body);
    });
    const calls = built.mock.calls.length;
    built.mockRestore();
    expect(status).toBe(200);
    expect(bodies).toEqual([body]);
    expect(calls).toBe(0);
  });
});
