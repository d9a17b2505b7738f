import type { Server } from 'node:http';
import { connect } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevServer } from './dev-server';
import { applyConnectionLimits, serverOptions, type ConnectionLimits } from './http-server-limits';
import { createServerApp } from './server-app';
import { embeddedInfo } from './console-info';
import { closeWithConnections, listenOnLoopback } from './testing/loopback-server';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LIMITS: ConnectionLimits = {
  headersTimeoutSeconds: 1,
  requestTimeoutSeconds: 2,
  keepAliveTimeoutSeconds: 1,
  maxConnections: 10,
  maxUnprovenConnections: 5,
  maxUnprovenPerAddress: 5,
  firstRequestTimeoutSeconds: 1,
  maxRequestsPerSocket: 10,
  stalledResponseTimeoutSeconds: 60,
};
const NO_ANSWER = '(no answer, connection still open)';

let server: Server;
let close: () => Promise<void>;
let port = 0;
beforeAll(async () => {
  const app = createServerApp({ api: new Hono(), info: embeddedInfo(['dev-token']) });
  ({ server, close } = await createDevServer(ROOT, app, serverOptions(LIMITS)));
  applyConnectionLimits(server, LIMITS);
  port = await listenOnLoopback(server);
});
afterAll(async () => {
  await closeWithConnections(server);
  await close();
});

/** Write a raw request and read until the server closes the connection (or 5 s pass). */
function raw(request: string): Promise<string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      done(`${text}${NO_ANSWER}`);
    }, 5_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      done(text);
    });
    socket.on('error', () => undefined);
  });
}

function expectRefusal(answer: string, status: number): void {
  expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  const head = answer.slice(0, answer.indexOf('\r\n\r\n')).toLowerCase();
  expect(head).toContain('content-type: application/json');
  expect(head).toContain('cache-control: no-store');
  expect(head).toContain('x-content-type-options: nosniff');
  expect(head).toContain("content-security-policy: sandbox; default-src 'none'");
  expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: status, data: null });
}

describe('dev server (Vite in middleware mode)', () => {
  it.each([
    ['a page request without Host (HTTP/1.1)', 'GET / HTTP/1.1\r\n\r\n', 400],
    ['a page request without Host (HTTP/1.0)', 'GET / HTTP/1.0\r\n\r\n', 400],
    ['an /api request without Host', 'GET /api/_console/info HTTP/1.1\r\n\r\n', 400],
    ['an expectation other than 100-continue', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: bogus\r\n\r\n', 417],
    ['a malformed request', 'NOT A REQUEST\r\n\r\n', 400],
    [
      'a WebSocket upgrade that is not Vite’s',
      'GET /api/x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      400,
    ],
  ])('answers %s with an envelope and the security headers, then closes', async (_name, request, status) => {
    expectRefusal(await raw(request), status);
  });

  it('still hands Vite its own HMR WebSocket', async () => {
    const answer = await new Promise<string>((done) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
            'Sec-WebSocket-Protocol: vite-hmr\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        ),
      );
      socket.setEncoding('utf8');
      socket.once('data', (chunk: string) => {
        socket.destroy();
        done(chunk);
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 101 /);
  });
});
