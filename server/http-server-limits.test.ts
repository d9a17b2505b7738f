import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestListener } from './request-listener';
import { applyConnectionLimits, serverOptions, type ConnectionLimits } from './http-server-limits';

const LIMITS: ConnectionLimits = {
  headersTimeoutSeconds: 1,
  requestTimeoutSeconds: 2,
  keepAliveTimeoutSeconds: 1,
  maxConnections: 3,
  maxRequestsPerSocket: 2,
};

let server: Server;
let port: number;
beforeAll(async () => {
  const app = new Hono().get('/ok', (c) => c.text('ok'));
  app.post('/echo', async (c) => c.text(await c.req.text().catch(() => '')));
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
    expect(bodyOf(huge)).toMatchObject({ code: 431 });
  });

  it('closes a keep-alive connection after maxRequestsPerSocket requests', async () => {
    const get = 'GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const raw = await exchange((s) => s.write(get + get + get));
    expect(raw.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(raw).toMatch(/Connection: close/i);
  });

  it('accepts no more than maxConnections sockets at once', async () => {
    const held = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<Socket>((ok) => {
            const s = connect(port, '127.0.0.1', () => ok(s));
          }),
      ),
    );
    const refused = await exchange((s) => s.write('GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    expect(refused).toBe('');
    held.forEach((s) => s.destroy());
  });
});
