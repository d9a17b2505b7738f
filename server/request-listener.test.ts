import { readdir, readlink } from 'node:fs/promises';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInfo } from './console-info';
import { sendFile } from './gateway/files/send-file';
import { createRequestListener } from './request-listener';
import { createServerApp } from './server-app';
import { closeWithConnections, listenOnLoopback } from './testing/loopback-server';

const BIG = 4 * 1024 * 1024;
let dir = '';
let bigFile = '';
let server: Server;
let port = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'request-listener-'));
  bigFile = join(dir, 'big.wav');
  await writeFile(bigFile, new Uint8Array(BIG));
  const api = new Hono().get(
    '/file',
    async (c) => (await sendFile(c, { path: bigFile }, { contentType: 'audio/wav', disposition: 'inline' })) ?? c.text('gone', 404),
  );
  const app = createServerApp({ api, info: embeddedInfo(['dev-token']) });
  server = createServer(createRequestListener(app.fetch));
  port = await listenOnLoopback(server);
});
afterAll(async () => {
  await closeWithConnections(server);
  await rm(dir, { recursive: true, force: true });
});

/** Write a raw request and read everything until the server closes the connection. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { code: number; data: null };

async function openHandlesOn(path: string): Promise<number> {
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((t) => t === path).length;
}

describe('request listener', () => {
  it('answers HEAD on /api with the headers GET has (security headers, no-store) and no body', async () => {
    const url = `http://127.0.0.1:${port}/api/_console/info`;
    const [get, head] = await Promise.all([fetch(url), fetch(url, { method: 'HEAD' })]);
    expect(head.status).toBe(200);
    for (const name of ['cache-control', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'content-type']) {
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    }
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(await head.text()).toBe('');
  });

  it('leaves no file handle open after HEAD requests for a large file', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/file`, { method: 'HEAD' });
      expect(res.headers.get('content-length')).toBe(String(BIG));
    }
    await expect.poll(() => openHandlesOn(bigFile)).toBe(0);
  });

  it('answers a request without a Host with a 400 envelope carrying the security headers', async () => {
    const answer = await raw('GET /api/_console/info HTTP/1.0\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/x-content-type-options: nosniff/i);
    expect(answer).toMatch(/content-security-policy: sandbox; default-src 'none'/i);
    expect(bodyOf(answer)).toMatchObject({ code: 400, data: null });
  });

  it('answers a Host it cannot read with an envelope that is never a page, and closes the connection', async () => {
    const answer = await raw('GET /api/_console/info HTTP/1.1\r\nHost: a b\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/cache-control: no-store/i);
    expect(answer).toMatch(/content-security-policy: sandbox; default-src 'none'/i);
    expect(answer).toMatch(/connection: close/i);
    expect(bodyOf(answer)).toMatchObject({ code: 400, data: null });
  });

  it('serves a Host written in capitals (host names are case-insensitive)', async () => {
    const answer = await raw(`GET /api/_console/info HTTP/1.1\r\nHost: LOCALHOST:${port}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('refuses an absolute request target on a foreign host even when the Host header is ours', async () => {
    const answer = await raw('GET http://evil.example/api/_console/info HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 421 /);
    expect(answer).not.toContain('dev-token');
  });
});
