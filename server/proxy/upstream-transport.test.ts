import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
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

/** A gateway that answers JSON, but drops a connection, unanswered, at its second request: its keep-alive ran out as the request came. */
async function gatewayClosingReusedConnections() {
  const seen: string[] = [];
  const perSocket = new WeakMap<object, number>();
  const gw = await gateway((req, res) => {
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    seen.push(`${req.url} on request ${n} of its connection`);
    if (n === 2) return void req.socket.destroy();
    answerJson(req, res);
  });
  return { ...gw, seen };
}

describe("proxy mode's client when the gateway closed a kept-alive connection under a request", () => {
  // Before: the status poll that drew the closed connection got a 502 ("socket hang up").
  it('sends the read-only status request once more, on a new connection, and answers it', async () => {
    const gw = await gatewayClosingReusedConnections();
    const api = createGatewayProxy({ gatewayUrl: gw.url });
    expect((await post(api)).status).toBe(200);
    const again = await post(api);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(ENVELOPE);
    expect(gw.seen).toEqual([
      '/api/textRemoval/taskStatus on request 1 of its connection',
      '/api/textRemoval/taskStatus on request 2 of its connection',
      '/api/textRemoval/taskStatus on request 1 of its connection',
    ]);
    expect(gw.connections()).toBe(2);
  });

  it('never sends a speech request twice (it is charged): 502', async () => {
    const gw = await gatewayClosingReusedConnections();
    const api = createGatewayProxy({ gatewayUrl: gw.url });
    expect((await post(api)).status).toBe(200);
    const speech = await api.request('/speechSynthesis/textToSpeech', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': '1' },
      body: '{"sourceText":"hi","voiceName":"x"}',
    });
    expect(speech.status).toBe(502);
    expect(((await speech.json()) as { consoleFailure: { reason: string } }).consoleFailure.reason).toBe('unreachable');
    expect(gw.seen).toEqual([
      '/api/textRemoval/taskStatus on request 1 of its connection',
      '/api/speechSynthesis/textToSpeech on request 2 of its connection',
    ]);
  });

  it('retries once only: a status request whose second connection fails too gets the 502', async () => {
    const seen: number[] = [];
    const gw = await gateway((req) => {
      seen.push(1);
      req.socket.destroy();
    });
    const res = await post(createGatewayProxy({ gatewayUrl: gw.url }));
    expect(res.status).toBe(502);
    // A fresh connection failing is no stale one: nothing is sent again.
    expect(seen).toHaveLength(1);
  });
});

describe("proxy mode's client when the gateway compresses its answer anyway", () => {
  const compressed = {
    gzip: gzipSync,
    br: brotliCompressSync,
    deflate: deflateSync,
    'deflate (raw)': deflateRawSync,
  } as const;
  const answering = (encoding: string, bytes: Uint8Array) => (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Encoding': encoding,
      'X-Asked': String(req.headers['accept-encoding']),
    });
    res.end(bytes);
  };

  // Before: a 502 ("not valid JSON") for a good answer a gateway or a server in front of it compressed.
  it.each(Object.keys(compressed) as (keyof typeof compressed)[])('decodes %s and passes the JSON on', async (name) => {
    let asked: string | undefined;
    const gw = await gateway((req, res) => {
      asked = req.headers['accept-encoding'];
      answering(name.split(' ')[0]!, compressed[name](ENVELOPE))(req, res);
    });
    const res = await post(createGatewayProxy({ gatewayUrl: gw.url }));
    expect(asked).toBe('identity');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(ENVELOPE);
  });

  it('refuses with a 502 envelope, never the bytes, an answer larger than the cap once decoded (a small bomb)', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)); // 8 MiB of spaces in about 8 KB
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    const gw = await gateway(answering('gzip', bomb));
    const res = await post(createGatewayProxy({ gatewayUrl: gw.url, maxAnswerBytes: 1024 * 1024 }));
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const json = (await res.json()) as { message: string; consoleFailure: { reason: string } };
    expect(json.consoleFailure).toEqual({ reason: 'answerTooLarge', mib: 1 });
    expect(json.message).toMatch(/larger than 1 MiB/);
  });

  it.each([
    ['an encoding it does not decode', 'zstd', Buffer.from(ENVELOPE)],
    ['broken gzip', 'gzip', Buffer.from('<html>not gzip</html>')],
  ])('refuses %s with a 502 envelope that says so', async (_, encoding, bytes) => {
    const gw = await gateway(answering(encoding, bytes));
    const res = await post(createGatewayProxy({ gatewayUrl: gw.url }));
    expect(res.status).toBe(502);
    const json = (await res.json()) as { message: string; consoleFailure: { reason: string } };
    expect(json.consoleFailure).toMatchObject({ reason: 'invalidJson', status: 200 });
    expect(json.message).toMatch(encoding === 'zstd' ? /encoded as zstd/ : /gzip answer could not be decompressed/);
    expect(json.message).not.toMatch(/html/);
  });
});
