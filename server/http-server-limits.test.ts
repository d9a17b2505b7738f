import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Hono } from 'hono';
import { CONSOLE_FAILURE_FIELD, consoleFailureSchema } from '#contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestListener } from './request-listener';
import { loadConfig } from './config';
import { applyConnectionLimits, connectionLimits, serverOptions, type ConnectionLimits } from './http-server-limits';

// Fractions of a second where the configuration has whole ones: each test waits out one of these,
// and they keep the same order (headers < request < stalled response < the slow answer below).
const LIMITS: ConnectionLimits = {
  headersTimeoutSeconds: 0.2,
  requestTimeoutSeconds: 0.4,
  keepAliveTimeoutSeconds: 1,
  maxConnections: 3,
  maxUnprovenConnections: 3,
  maxUnprovenPerAddress: 3,
  firstRequestTimeoutSeconds: 0.2,
  maxRequestsPerSocket: 2,
  stalledResponseTimeoutSeconds: 0.5,
};
/** How long /slow computes its answer: twice the stalled-response timeout, with nothing written meanwhile. */
const SLOW_ANSWER_MS = LIMITS.stalledResponseTimeoutSeconds * 2000;

let server: Server;
let port: number;
beforeAll(async () => {
  const app = new Hono().get('/ok', (c) => c.text('ok'));
  app.post('/echo', async (c) => c.text(await c.req.text().catch(() => '')));
  // A body in two parts, 300 ms apart: a response still being written when the client errs.
  app.get('/stream', () => {
    const parts = ['first part;', 'second part'];
    const body = new ReadableStream<string>({
      async pull(controller) {
        const part = parts.shift();
        if (part === undefined) return controller.close();
        if (part !== 'first part;') await new Promise((r) => setTimeout(r, 300));
        controller.enqueue(part);
      },
    });
    return new Response(body.pipeThrough(new TextEncoderStream()), { headers: { 'Content-Type': 'text/plain' } });
  });
  // 64 MB, more than the kernel's socket buffers hold: a client that does not read stalls it.
  app.get('/big', () => {
    let left = 1024;
    const chunk = new Uint8Array(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => (left-- > 0 ? controller.enqueue(chunk) : controller.close()),
    });
    return new Response(body, { headers: { 'Content-Type': 'application/octet-stream' } });
  });
  // An answer computed for longer than the stalled-response timeout (a synthesis, a proxied call) with nothing written meanwhile.
  app.get('/slow', async (c) => {
    await new Promise((r) => setTimeout(r, SLOW_ANSWER_MS));
    return c.text('late but whole');
  });
  server = createServer(serverOptions(LIMITS), createRequestListener(app.fetch));
  applyConnectionLimits(server, LIMITS);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    }),
);

/** Open a socket, write `chunks`, and collect everything until the server closes it. */
function exchange(write: (socket: Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolve(text));
    // A refused connection is reset by the server: what arrived before is the answer.
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve(text) : reject(err)));
    socket.on('connect', () => write(socket));
  });
}

const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { code: number; message: string; data: null };

/** A refusal as the README promises it: the status, an envelope, the security headers, never stored, never a page. */
function expectRefusal(raw: string, status: number): void {
  expect(raw).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).toLowerCase();
  expect(head).toContain('content-type: application/json');
  expect(head).toContain('cache-control: no-store');
  expect(head).toContain('x-content-type-options: nosniff');
  expect(head).toContain('referrer-policy: no-referrer');
  expect(head).toContain('x-frame-options: deny');
  expect(head).toContain("content-security-policy: sandbox; default-src 'none'");
  expect(bodyOf(raw)).toMatchObject({ code: status, data: null });
}

/** A client that sends `request` (perhaps nothing) and then neither reads nor closes its socket. */
function silentClient(request: string): Promise<Socket> {
  return new Promise((ok) => {
    const s = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
      s.pause();
      if (request !== '') s.write(request);
      ok(s);
    });
    s.on('error', () => undefined);
  });
}

const openConnections = () => new Promise<number>((ok, fail) => server.getConnections((err, n) => (err ? fail(err) : ok(n))));

describe('connection limits', () => {
  it('cuts off a client that sends its headers too slowly, with a 408 envelope', async () => {
    const raw = await exchange((s) => s.write('GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '));
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(raw).toMatch(/X-Content-Type-Options: nosniff/);
    expect(bodyOf(raw)).toMatchObject({ code: 408, data: null });
  });

  it('cuts off a client that sends its body too slowly, with a 408 envelope', async () => {
    const raw = await exchange((s) => s.write('POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nonly ten b'));
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(raw)).toMatchObject({ code: 408, data: null });
  });

  it('answers a malformed request and oversized headers with envelopes, not empty bodies', async () => {
    const bad = await exchange((s) => s.write('NOT A REQUEST\r\n\r\n'));
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(bad)).toMatchObject({ code: 400, data: null });
    const huge = await exchange((s) => s.write(`GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(huge).toMatch(/Referrer-Policy: no-referrer/);
    expect(huge).toContain("Content-Security-Policy: sandbox; default-src 'none'\r\n");
    expect(bodyOf(huge)).toMatchObject({ code: 431 });
  });

  it('frees the slots of refused clients that never read their answer nor close', async () => {
    await expect.poll(openConnections).toBe(0);
    // maxConnections is 3: a garbage request, a partial one (408 after the headers timeout) and a silent one (408 too).
    const silent = await Promise.all(['NOT A REQUEST\r\n\r\n', 'GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n', ''].map(silentClient));
    await expect.poll(openConnections, { timeout: 8_000, interval: 200 }).toBe(0);
    const raw = await exchange((s) => s.write('GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    silent.forEach((s) => s.destroy());
  });

  it('does not write a refusal into a response already under way: the connection is cut instead', async () => {
    const raw = await exchange((s) => {
      s.write('GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      let seen = '';
      const garbageOnceBodyStarted = (chunk: string) => {
        seen += chunk;
        if (!seen.includes('first part;')) return;
        s.off('data', garbageOnceBodyStarted);
        s.write('NOT A REQUEST\r\n\r\n');
      };
      s.on('data', garbageOnceBodyStarted);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toContain('first part;');
    expect(raw.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it.each([
    ['no Host on HTTP/1.1', 'GET /ok HTTP/1.1\r\n\r\n', 400, { reason: 'requestMalformed', status: 400 }],
    [
      'an expectation other than 100-continue',
      'GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: bogus\r\n\r\n',
      417,
      { reason: 'requestMalformed', status: 417 },
    ],
    ['a malformed request line', 'GET /ok HTTP/1.1 extra\r\nHost: 127.0.0.1\r\n\r\n', 400, { reason: 'requestMalformed', status: 400 }],
    [
      'a bad chunk size',
      'POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
      400,
      { reason: 'requestMalformed', status: 400 },
    ],
    [
      'an unknown Transfer-Encoding',
      'POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n',
      400,
      { reason: 'requestMalformed', status: 400 },
    ],
    [
      'Transfer-Encoding with Content-Length',
      'POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n',
      400,
      { reason: 'requestMalformed', status: 400 },
    ],
    [
      'a NUL in a header value',
      'GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\x00b\r\n\r\n',
      400,
      { reason: 'requestMalformed', status: 400 },
    ],
    ['an HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 400, { reason: 'requestMalformed', status: 400 }],
    [
      'CONNECT (this server is no proxy)',
      'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n',
      400,
      { reason: 'requestMalformed', status: 400 },
    ],
    ['a 20 KB URL', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 431, { reason: 'headersTooLarge', kib: 16 }],
    [
      '20 KB of headers',
      `GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      { reason: 'headersTooLarge', kib: 16 },
    ],
    [
      'a 20 KB chunk extension',
      `POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5;${'a'.repeat(20_000)}\r\nhello\r\n0\r\n\r\n`,
      413,
      { reason: 'requestMalformed', status: 413 },
    ],
    ['headers too slow', 'GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 408, { reason: 'requestTimeout' }],
    ['no request at all before the first-request timeout', '', 408, { reason: 'requestTimeout' }],
  ])('answers %s with an envelope and the security headers, then closes', async (_name, request, status, failure) => {
    const raw = await exchange((s) => (request === '' ? undefined : s.write(request)));
    expectRefusal(raw, status);
    // Marked as the console's server's own (issue 39), so the console words it and never quotes it as the gateway's.
    expect((bodyOf(raw) as Record<string, unknown>)[CONSOLE_FAILURE_FIELD]).toEqual(failure);
    expect(consoleFailureSchema.safeParse(failure).success).toBe(true);
  });

  it('frees the slot of a client that asks for a large answer and stops reading', async () => {
    await expect.poll(openConnections).toBe(0);
    const reader = await silentClient('GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // Cut after one to two stalled-response timeouts: Node's socket timeout first re-arms for a write under way.
    await expect.poll(openConnections, { timeout: 15_000, interval: 200 }).toBe(0);
    reader.destroy();
  });

  it('keeps waiting for an answer still being computed, past the stalled-response timeout', async () => {
    const raw = await exchange((s) => s.write('GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toContain('late but whole');
  });

  it('still closes an idle keep-alive connection', async () => {
    const raw = await exchange((s) => s.write('GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toMatch(/Keep-Alive: timeout=1/);
  });

  it('closes a keep-alive connection after maxRequestsPerSocket requests', async () => {
    const get = 'GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const raw = await exchange((s) => s.write(get + get + get));
    expect(raw.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(raw).toMatch(/Connection: close/i);
  });
});

describe('connection limits from the configuration', () => {
  it('derives the unproven cap (half of MAX_CONNECTIONS), and keeps the per-address bound and first-request timeout within theirs', () => {
    expect(connectionLimits(loadConfig({}))).toMatchObject({
      maxConnections: 1000,
      maxUnprovenConnections: 500,
      maxUnprovenPerAddress: 50,
      firstRequestTimeoutSeconds: 5,
      headersTimeoutSeconds: 10,
    });
    expect(connectionLimits(loadConfig({ MAX_CONNECTIONS: '40', HEADERS_TIMEOUT_SECONDS: '2' }))).toMatchObject({
      maxUnprovenConnections: 20,
      maxUnprovenPerAddress: 20,
      firstRequestTimeoutSeconds: 2,
    });
    expect(connectionLimits(loadConfig({ MAX_CONNECTIONS: '1' }))).toMatchObject({ maxUnprovenConnections: 1, maxUnprovenPerAddress: 1 });
    expect(connectionLimits(loadConfig({ MAX_UNPROVEN_CONNECTIONS: '900' }))).toMatchObject({ maxUnprovenConnections: 900 });
  });
});
