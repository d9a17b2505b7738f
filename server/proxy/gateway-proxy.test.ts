import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestGateway, TEST_TOKEN, type TestGateway } from '../testing/test-gateway';
import { proxyInfo } from '../console-info';
import { createServerApp } from '../server-app';
import { createGatewayProxy } from './gateway-proxy';

let proxyWith: ReturnType<typeof createGatewayProxy>;

type Hit = { method: string; path: string; search: string; headers: Record<string, string> };

function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    // serve() makes a plain node:http server unless told otherwise.
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, url: `http://127.0.0.1:${info.port}` }),
    ) as Server;
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Send a raw request line: fetch() would normalise '..' and '//' before they reach the server. */
function rawRequest(base: string, path: string, method = 'POST', body = '{}'): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, method, headers: { 'Content-Type': 'application/json', 'X-User-Id': '1001' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? body : undefined);
  });
}

describe('gateway proxy with a second gateway as the upstream', () => {
  let upstream: TestGateway;
  let upstreamServer: Server;
  let upstreamUrl: string;
  let proxyServer: Server;
  let proxyUrl: string;
  const hits: Hit[] = [];

  beforeAll(async () => {
    upstream = await makeTestGateway();
    const counted = new Hono();
    counted.use('*', async (c, next) => {
      const url = new URL(c.req.url);
      hits.push({ method: c.req.method, path: url.pathname, search: url.search, headers: Object.fromEntries(c.req.raw.headers) });
      await next();
    });
    counted.route('/', upstream.api);
    ({ server: upstreamServer, url: upstreamUrl } = await listen(counted.fetch));
    const api = createGatewayProxy({ gatewayUrl: `${upstreamUrl}/api` });
    ({ server: proxyServer, url: proxyUrl } = await listen(createServerApp({ api, info: proxyInfo() }).fetch));
  });
  afterAll(async () => {
    await Promise.all([close(proxyServer), close(upstreamServer)]);
    await upstream.deps.close();
  });
  beforeEach(() => void (hits.length = 0));

  it('forwards taskStatus with the caller headers and passes the envelope back', async () => {
    const [taskId] = await upstream.createTasks('1001', { count: 1, durationMs: 1000 });
    hits.length = 0;
    const res = await fetch(`${proxyUrl}/api/textRemoval/taskStatus?debug=1`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json;charset=UTF-8',
        Accept: 'application/json;charset=UTF-8',
        Authorization: `Bearer ${TEST_TOKEN}`,
        'X-User-Id': '1001',
        'X-Channel': '7',
        'X-App-Source': 'console',
        Cookie: 'session=secret',
        'X-Forwarded-For': '203.0.113.9',
        'X-Secret': 'no',
      },
      body: JSON.stringify({ taskId }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const json = (await res.json()) as { code: number; data: { taskId: string }[] };
    expect(json.code).toBe(0);
    expect(json.data[0]?.taskId).toBe(taskId);

    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    expect(hit).toMatchObject({ method: 'POST', path: '/api/textRemoval/taskStatus', search: '' });
    expect(hit.headers).toMatchObject({
      'content-type': 'application/json;charset=UTF-8',
      accept: 'application/json;charset=UTF-8',
      authorization: `Bearer ${TEST_TOKEN}`,
      'x-user-id': '1001',
      'x-channel': '7',
      'x-app-source': 'console',
    });
    expect(hit.headers.cookie).toBeUndefined();
    expect(hit.headers['x-forwarded-for']).toBeUndefined();
    expect(hit.headers['x-secret']).toBeUndefined();
    expect(hit.headers.host).toBe(new URL(upstreamUrl).host);
  });

  it('forwards textToSpeech and passes failure envelopes and statuses back as they are', async () => {
    const noToken = await fetch(`${proxyUrl}/api/speechSynthesis/textToSpeech`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': '1001' },
      body: JSON.stringify({ sourceText: 'hello', voiceName: 'x' }),
    });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ code: 401, data: null });

    const missingText = await fetch(`${proxyUrl}/api/speechSynthesis/textToSpeech`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': '1001', Authorization: `Bearer ${TEST_TOKEN}` },
      body: JSON.stringify({ voiceName: 'x' }),
    });
    expect(missingText.status).toBe(200);
    expect(await missingText.json()).toMatchObject({ code: 2000, data: null });
    expect(hits.map((h) => h.path)).toEqual(['/api/speechSynthesis/textToSpeech', '/api/speechSynthesis/textToSpeech']);
  });

  it('reaches nothing upstream but the two operations, whatever the path', async () => {
    const paths = [
      '/api/_emulator/tasks',
      '/api/_emulator/users/1001',
      '/api/files/video/x',
      '/api/../x',
      '/api/..%2F_emulator/tasks',
      '/api/textRemoval/taskStatus/../../_emulator/tasks',
      '/api/textRemoval/taskStatus/..%2F..%2F_emulator%2Ftasks',
      '/api/textRemoval%2FtaskStatus',
      '/api/textRemoval/taskStatus%2F..%2F..%2F_emulator%2Ftasks',
      '/api/textRemoval/taskStatus/',
      '/api/textRemoval/taskStatus/extra',
      '/api//evil.example/textRemoval/taskStatus',
      '//evil.example/api/textRemoval/taskStatus',
      '/api/%2F%2Fevil.example',
      '/api/textRemoval/taskStatus@evil.example',
      '/api/textRemoval\\taskStatus',
      'http://evil.example/api/_emulator/tasks',
    ];
    for (const path of paths) {
      const res = await rawRequest(proxyUrl, path);
      expect(res.status, path).not.toBe(200);
    }
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await rawRequest(proxyUrl, '/api/textRemoval/taskStatus', method);
      expect(res.status, method).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ code: 404, data: null });
    }
    expect(hits).toEqual([]);
  });

  it('refuses bodies above the cap without contacting the upstream', async () => {
    const res = await fetch(`${proxyUrl}/api/textRemoval/taskStatus`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': '1001' },
      body: JSON.stringify({ taskId: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, data: null });
    expect(hits).toEqual([]);
  });

  it('counts the bytes of a streamed body that declares no length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${proxyUrl}/api/textRemoval/taskStatus`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': '1001' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(hits).toEqual([]);
  });
});

describe('gateway proxy failures', () => {
  const post = (api: Hono) =>
    api.request('/textRemoval/taskStatus', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });

  it('answers 502 with an envelope when the upstream is unreachable', async () => {
    const { server, url } = await listen(() => new Response('unused'));
    await close(server); // the port is now closed
    const res = await post(createGatewayProxy({ gatewayUrl: url }));
    expect(res.status).toBe(502);
    const json = (await res.json()) as { code: number; message: string; data: null };
    expect(json).toMatchObject({ code: 502, data: null });
    expect(json.message).toMatch(/^Gateway unreachable: /);
  });

  it('answers 502 when the upstream does not answer in time', async () => {
    const { server, url } = await listen(() => new Promise<Response>(() => undefined));
    try {
      const res = await post(createGatewayProxy({ gatewayUrl: url, timeoutMs: 200 }));
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toMatch(/no answer within 200 ms/);
    } finally {
      server.closeAllConnections();
      await close(server);
    }
  });

  it('aborts its upstream request as soon as its own client leaves', async () => {
    let upstreamSignal: AbortSignal | undefined;
    const upstreamAborted = new Promise<void>((done) => {
      const fakeFetch = ((_url: string, init: RequestInit) => {
        upstreamSignal = init.signal ?? undefined;
        upstreamSignal?.addEventListener('abort', () => done());
        return new Promise<Response>(() => undefined); // an upstream that never answers
      }) as typeof fetch;
      proxyWith = createGatewayProxy({ gatewayUrl: 'http://upstream.invalid/api', fetch: fakeFetch, timeoutMs: 600_000 });
    });
    const { server, url } = await listen((req) => proxyWith.fetch(req));
    try {
      const client = new AbortController();
      const answer = fetch(`${url}/textRemoval/taskStatus`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-User-Id': '1' },
        body: '{}',
        signal: client.signal,
      }).catch(() => 'left');
      while (!upstreamSignal) await new Promise((r) => setTimeout(r, 10));
      expect(upstreamSignal.aborted).toBe(false);
      client.abort();
      expect(await answer).toBe('left');
      await upstreamAborted;
      expect(upstreamSignal.aborted).toBe(true);
    } finally {
      server.closeAllConnections();
      await close(server);
    }
  });

  it('does not follow redirects', async () => {
    let followed = 0;
    const { server, url } = await listen((req) => {
      if (new URL(req.url).pathname === '/elsewhere') followed++;
      return new Response(null, { status: 302, headers: { Location: '/elsewhere' } });
    });
    try {
      const res = await post(createGatewayProxy({ gatewayUrl: url }));
      expect(res.status).toBe(502);
      expect(res.headers.get('location')).toBeNull();
      expect(followed).toBe(0);
    } finally {
      await close(server);
    }
  });

  it.each([
    ['with its length declared', true],
    ['streamed with no length', false],
  ])('answers 502 instead of passing back an upstream answer above the cap (%s)', async (_, declared) => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const { server, url } = await listen(() => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 40) return controller.close();
          sent++;
          controller.enqueue(chunk);
        },
      });
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (declared) headers['Content-Length'] = String(40 * chunk.byteLength);
      return new Response(body, { headers });
    });
    try {
      const res = await post(createGatewayProxy({ gatewayUrl: url, maxAnswerBytes: 1024 * 1024 }));
      expect(res.status).toBe(502);
      const json = (await res.json()) as { code: number; message: string; data: null };
      expect(json).toMatchObject({ code: 502, data: null });
      expect(json.message).toMatch(/larger than 1 MiB/);
    } finally {
      server.closeAllConnections();
      await close(server);
    }
  });

  it('passes an answer just under the cap back whole', async () => {
    const text = JSON.stringify({ code: 0, message: 'x'.repeat(1000), data: [] });
    const { server, url } = await listen(() => new Response(text, { headers: { 'Content-Type': 'application/json' } }));
    try {
      const res = await post(createGatewayProxy({ gatewayUrl: url, maxAnswerBytes: text.length }));
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(text);
    } finally {
      await close(server);
    }
  });

  // Before: the upstream's text/html (a CDN's error page, or a hostile gateway's) came back as it was,
  // at the console's origin, so a page could be rendered there. Now only JSON crosses the proxy.
  it.each([
    ['text/html', '<h1>busy</h1><script>parent.pwned = 1</script>'],
    ['text/javascript', 'window.pwned = 1'],
    ['application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"/>'],
    ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>pwned=1</script></svg>'],
    ['text/plain', '{"code":0,"message":"ok","data":[]}'],
    ['', '{"code":0,"message":"ok","data":[]}'],
  ])('refuses an upstream answer of type %j with a 502 envelope naming the type', async (type, text) => {
    const { server, url } = await listen(() => {
      // Bytes, not a string: a string body would be given text/plain.
      const headers: Record<string, string> = { 'Set-Cookie': 'a=b', ...(type ? { 'Content-Type': type } : {}) };
      return new Response(new TextEncoder().encode(text), { status: 503, headers });
    });
    try {
      const res = await post(createGatewayProxy({ gatewayUrl: url }));
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('set-cookie')).toBeNull();
      const json = (await res.json()) as { code: number; message: string; data: null };
      expect(json).toMatchObject({ code: 502, data: null });
      expect(json.message).toContain(type ? `content type ${type}` : 'no content type');
      expect(json.message).not.toContain('pwned');
    } finally {
      await close(server);
    }
  });

  it('refuses a non-JSON answer by its head, without reading its body', async () => {
    let pulled = 0;
    const { server, url } = await listen(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              if (++pulled > 1_000) return controller.close();
              controller.enqueue(new Uint8Array(64 * 1024).fill(0x3c));
            },
          }),
          { headers: { 'Content-Type': 'text/html' } },
        ),
    );
    try {
      const res = await post(createGatewayProxy({ gatewayUrl: url, maxAnswerBytes: 1024 * 1024 }));
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toMatch(/with content type text\/html, not JSON/);
      expect(pulled).toBeLessThan(1_000);
    } finally {
      server.closeAllConnections();
      await close(server);
    }
  });

  it('refuses an answer that says JSON but does not parse as JSON', async () => {
    const { server, url } = await listen(() => new Response('<h1>nope</h1>', { headers: { 'Content-Type': 'application/json' } }));
    try {
      const res = await post(createGatewayProxy({ gatewayUrl: url }));
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toMatch(/not valid JSON/);
    } finally {
      await close(server);
    }
  });

  it('passes a JSON answer (application/json or +json) back with its status, as JSON', async () => {
    const text = '{"code":503,"message":"busy","data":null}';
    for (const type of ['application/json; charset=utf-8', 'application/problem+json', 'Application/JSON']) {
      const { server, url } = await listen(
        () => new Response(text, { status: 503, headers: { 'Content-Type': type, 'Set-Cookie': 'a=b' } }),
      );
      try {
        const res = await post(createGatewayProxy({ gatewayUrl: url }));
        expect(res.status, type).toBe(503);
        expect(res.headers.get('content-type'), type).toBe('application/json');
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(await res.text()).toBe(text);
      } finally {
        await close(server);
      }
    }
  });
});

/**
 * Node 20 loses an AbortSignal.timeout() combined by AbortSignal.any() once the garbage collector
 * runs (the combined signal holds it weakly), so these tests run the collector while they wait.
 */
function collectGarbageMeanwhile(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const timer = setInterval(gc, 50);
  return () => clearInterval(timer);
}

describe('gateway proxy deadline', () => {
  const post = (api: Hono) =>
    api.request('/textRemoval/taskStatus', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  /** A status query through a proxy with a 500 ms deadline answers 502 "no answer", with a GC running meanwhile. */
  async function expectNoAnswerWithinDeadline(url: string): Promise<void> {
    const stop = collectGarbageMeanwhile();
    try {
      const res = await post(createGatewayProxy({ gatewayUrl: url, timeoutMs: 500 }));
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toMatch(/no answer within 500 ms/);
    } finally {
      stop();
    }
  }

  it('answers 502 when a stalled gateway accepts and never sends headers, even after a GC', async () => {
    const stalled = createServer(() => undefined);
    const { url } = await listenNode(stalled);
    try {
      await expectNoAnswerWithinDeadline(url);
    } finally {
      stalled.closeAllConnections();
      await close(stalled);
    }
  }, 5_000);

  it('answers 502 when a gateway sends headers, then drips its body a byte a second', async () => {
    const timers = new Set<NodeJS.Timeout>();
    const dripping = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), 1_000);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
    });
    const { url } = await listenNode(dripping);
    try {
      await expectNoAnswerWithinDeadline(url);
    } finally {
      for (const timer of timers) clearInterval(timer);
      dripping.closeAllConnections();
      await close(dripping);
    }
  }, 5_000);
});

function listenNode(server: Server): Promise<{ url: string }> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}
