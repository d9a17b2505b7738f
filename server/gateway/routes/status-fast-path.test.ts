import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInfo } from '../../console-info';
import { createRequestListener } from '../../request-listener';
import { allowedHostNames } from '../../security/host-allow-list';
import { API_CONTENT_SECURITY_POLICY } from '../../security/security-headers';
import { createServerApp } from '../../server-app';
import { makeTestGateway, TEST_TOKEN, type TestGateway } from '../../testing/test-gateway';
import { createGatewayApp } from '../app';
import { createStatusFastPath, type FastPath } from './status-fast-path';

const PATH = '/api/textRemoval/taskStatus';

/** One request, sent on its own connection (Connection: close), read whole; the Date header left out. */
function exchange(port: number, request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('latin1')
          .replace(/\r\nDate: [^\r]*/, ''),
      ),
    );
    socket.on('error', reject);
  });
}

type Raw = { head: string[]; body?: Buffer | string; target?: string; method?: string; noLength?: boolean };

/** An HTTP/1.1 request; `{host}` in a header line is the server's own 127.0.0.1:port. */
function build(port: number, { head, body, target = PATH, method = 'POST', noLength = false }: Raw): Buffer {
  const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const lines = [
    `${method} ${target.replace('{host}', `127.0.0.1:${port}`)} HTTP/1.1`,
    ...head.map((h) => h.replace('{host}', `127.0.0.1:${port}`)),
  ];
  if (bytes !== undefined && !noLength) lines.push(`Content-Length: ${bytes.byteLength}`);
  lines.push('Connection: close');
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bytes ?? Buffer.alloc(0)]);
}

const chunked = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n0\r\n\r\n`;

const configs = [
  { name: 'STATUS_AUTH=optional, no build (dev: no page CSP)', statusAuth: 'optional' as const, build: false, publicOrigin: undefined },
  {
    name: 'STATUS_AUTH=required, with a build (page CSP), PUBLIC_URL',
    statusAuth: 'required' as const,
    build: true,
    publicOrigin: 'https://console.example',
  },
];

describe.each(configs)('the status fast path, $name', ({ statusAuth, build: withBuild, publicOrigin }) => {
  let gw: TestGateway;
  let dist: string | undefined;
  let plain: Server;
  let fast: Server;
  let fellBack = 0;
  let ids: string[] = [];
  let others: string[] = [];

  beforeAll(async () => {
    gw = await makeTestGateway({ statusAuth, ...(publicOrigin ? { publicOrigin } : {}) });
    ids = [
      ...(await gw.createTasks('1001', { count: 4, durationMs: 1000, outcome: 'mixed' })),
      ...(await gw.createTasks('1001', { count: 2, durationMs: 60_000 })),
    ];
    others = await gw.createTasks('2002', { count: 2, durationMs: 1000, outcome: 'finished' });
    if (withBuild) {
      dist = await mkdtemp(join(tmpdir(), 'fast-path-dist-'));
      await writeFile(join(dist, 'index.html'), '<!doctype html><title>t</title>');
    }
    const allowedHosts = allowedHostNames('127.0.0.1');
    const app = createServerApp({
      api: createGatewayApp(gw.deps),
      info: embeddedInfo([TEST_TOKEN]),
      allowedHosts,
      ...(dist ? { distDir: dist } : {}),
    });
    const path = createStatusFastPath(gw.deps, { allowedHosts });
    const counting: FastPath = (incoming, outgoing, fallback) =>
      path(incoming, outgoing, (i, o) => {
        fellBack++;
        return fallback(i, o);
      });
    plain = createServer(createRequestListener(app.fetch));
    fast = createServer(createRequestListener(app.fetch, counting));
    await Promise.all([plain, fast].map((s) => new Promise<void>((ready) => s.listen(0, '127.0.0.1', ready))));
  });
  afterAll(async () => {
    await Promise.all([plain, fast].map((s) => new Promise((done) => s.close(done))));
    await gw.deps.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  const portOf = (s: Server) => (s.address() as AddressInfo).port;
  const auth = 'Authorization: Bearer ' + TEST_TOKEN;
  const json = 'Content-Type: application/json';
  const ok = (extra: string[] = []) => ['Host: {host}', json, auth, 'X-User-Id: 1001', ...extra];

  /** Requests the fast path answers itself: it must send the app's bytes. */
  const answered = (): Record<string, Raw> => ({
    'IDs of the caller, some finished (links), one unknown': {
      head: ok(),
      body: JSON.stringify({ taskIds: [...ids, 'Service_AI_nobody'] }),
    },
    'taskId and taskIds merged, a null ignored': {
      head: ok(),
      body: JSON.stringify({ taskId: ids[1], taskIds: [ids[0], ids[1]], extra: null }),
    },
    "another user's IDs (left out)": { head: ok(), body: JSON.stringify({ taskIds: others }) },
    'X-User-Id 0001001 (user 1001)': { head: ['Host: {host}', auth, 'X-User-Id: 0001001'], body: JSON.stringify({ taskIds: ids }) },
    'Host in capitals': { head: ['Host: LOCALHOST:8080', auth, 'X-User-Id: 1001'], body: JSON.stringify({ taskIds: ids }) },
    'Host without a port': { head: ['Host: 127.0.0.1', auth, 'X-User-Id: 1001'], body: JSON.stringify({ taskIds: ids }) },
    'Host with the default port': { head: ['Host: localhost:80', auth, 'X-User-Id: 1001'], body: JSON.stringify({ taskIds: ids }) },
    'padded JSON, Unicode escapes': {
      head: ok(),
      body: ` { "taskIds" : [ ${ids.map((id) => JSON.stringify(id)).join(' , ')} ] , "n\\u0061me": "é" } `,
    },
  });

  /** Requests the fast path hands to the app, read or unread. */
  const handedOn = (): Record<string, Raw> => ({
    'a bad token': { head: ['Host: {host}', 'Authorization: Bearer nope', 'X-User-Id: 1001'], body: JSON.stringify({ taskIds: ids }) },
    'a Basic Authorization': {
      head: ['Host: {host}', 'Authorization: Basic eDp5', 'X-User-Id: 1001'],
      body: JSON.stringify({ taskIds: ids }),
    },
    'no X-User-Id': { head: ['Host: {host}', auth], body: JSON.stringify({ taskIds: ids }) },
    'X-User-Id not numeric': { head: ['Host: {host}', auth, 'X-User-Id: abc'], body: JSON.stringify({ taskIds: ids }) },
    'X-User-Id twice': { head: ['Host: {host}', auth, 'X-User-Id: 1001', 'X-User-Id: 1001'], body: JSON.stringify({ taskIds: ids }) },
    'Authorization twice': { head: ['Host: {host}', auth, auth, 'X-User-Id: 1001'], body: JSON.stringify({ taskIds: ids }) },
    'a Host not allowed': { head: ['Host: evil.example', auth, 'X-User-Id: 1001'], body: JSON.stringify({ taskIds: ids }) },
    'a Host with a path-like port': { head: ['Host: 127.0.0.1:80x', auth, 'X-User-Id: 1001'], body: JSON.stringify({ taskIds: ids }) },
    'absolute-form target': { target: `http://{host}${PATH}`, head: ok(), body: JSON.stringify({ taskIds: ids }) },
    'absolute-form target naming another host': {
      target: `http://evil.example${PATH}`,
      head: ok(),
      body: JSON.stringify({ taskIds: ids }),
    },
    'a query string': { target: `${PATH}?x=1`, head: ok(), body: JSON.stringify({ taskIds: ids }) },
    'a trailing slash': { target: `${PATH}/`, head: ok(), body: JSON.stringify({ taskIds: ids }) },
    'GET on the path': { method: 'GET', head: ok() },
    'HEAD on the path': { method: 'HEAD', head: ok() },
    'invalid JSON': { head: ok(), body: '{"taskIds": [' },
    'a JSON array': { head: ok(), body: JSON.stringify([ids[0]]) },
    'not UTF-8': { head: ok(), body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
    'an empty body': { head: ok(), body: '' },
    'IDs of the wrong form': { head: ok(), body: JSON.stringify({ taskIds: ['nope', ids[0]] }) },
    'taskIds not a list': { head: ok(), body: JSON.stringify({ taskIds: ids[0] }) },
    'no IDs': { head: ok(), body: JSON.stringify({}) },
    '101 IDs': { head: ok(), body: JSON.stringify({ taskIds: Array.from({ length: 101 }, (_, i) => `Service_AI_x${i}`) }) },
    'a body over 16 KB': { head: ok(), body: JSON.stringify({ taskIds: ids }) + ' '.repeat(17_000) },
    'a chunked body': { head: [...ok(), 'Transfer-Encoding: chunked'], noLength: true, body: chunked(JSON.stringify({ taskIds: ids })) },
  });

  it('answers like the app, byte for byte, polled again and across task phases', async () => {
    for (const step of [0, 300, 700, 2000]) {
      gw.advance(step);
      for (const [name, raw] of Object.entries(answered())) {
        const before = fellBack;
        // Fast first (worked out afresh, or reused), then the app (reusing), then both again.
        const answers = [];
        for (const server of [fast, plain, fast, plain]) answers.push(await exchange(portOf(server), build(portOf(server), raw)));
        const [first, ...rest] = answers.map((a) => a.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT'));
        for (const other of rest) expect(other, name).toBe(first);
        expect(first!.startsWith('HTTP/1.1 200 OK\r\n'), `${name}: ${first}`).toBe(true);
        expect(first, name).toContain('"code":0');
        // With a build or without (dev), /api's own CSP: not the page's, not none.
        expect(first, name).toContain(`\r\ncontent-security-policy: ${API_CONTENT_SECURITY_POLICY}\r\n`);
        expect(fellBack - before, `${name}: the fast path answered`).toBe(0);
      }
    }
  });

  it('hands everything else to the app, which answers as it does without the fast path', async () => {
    for (const [name, raw] of Object.entries(handedOn())) {
      const before = fellBack;
      const a = await exchange(portOf(fast), build(portOf(fast), raw));
      const b = await exchange(portOf(plain), build(portOf(plain), raw));
      const [fromFast, fromApp] = [a, b].map((x) => x.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT'));
      expect(fromFast, name).toBe(fromApp);
      expect(fromFast, name).toMatch(/^HTTP\/1\.1 /);
      if (raw.method !== 'HEAD' && !fromFast!.includes(' 200 OK\r\n')) expect(fromFast, name).toMatch(/"code":[1-9]/);
      expect(fellBack - before, `${name}: handed on`).toBeLessThanOrEqual(1);
    }
  });

  it('without a token: answered under STATUS_AUTH=optional, refused (by the app) under required', async () => {
    const raw = { head: ['Host: {host}', 'X-User-Id: 1001'], body: JSON.stringify({ taskIds: ids }) };
    const before = fellBack;
    const a = await exchange(portOf(fast), build(portOf(fast), raw));
    const b = await exchange(portOf(plain), build(portOf(plain), raw));
    expect(a.replace(/127\.0\.0\.1:\d+/g, '')).toBe(b.replace(/127\.0\.0\.1:\d+/g, ''));
    if (statusAuth === 'required') {
      expect(a).toMatch(/^HTTP\/1\.1 401 /);
      expect(fellBack - before).toBe(1);
    } else {
      expect(a).toMatch(/^HTTP\/1\.1 200 /);
      expect(fellBack - before).toBe(0);
    }
  });

  it('keeps keep-alive connections working: many polls on one socket, answers in order', async () => {
    const port = portOf(fast);
    const body = JSON.stringify({ taskIds: ids });
    const one = build(port, { head: ok(), body }).toString('latin1').replace('Connection: close\r\n', '');
    const last = build(port, { head: ok(), body: JSON.stringify({ taskIds: [ids[0]] }) });
    const text = await exchange(port, Buffer.concat([Buffer.from(one.repeat(5), 'latin1'), last]));
    const answers = text.split('HTTP/1.1 200 OK').slice(1);
    expect(answers).toHaveLength(6);
    expect(answers[5]).toContain(ids[0]);
    expect(answers[5]).not.toContain(ids[1]);
  });

  it('keeps the connection when it hands a request on, its body read or not', async () => {
    const port = portOf(fast);
    const keep = (raw: Raw) => build(port, raw).toString('latin1').replace('Connection: close\r\n', '');
    const good = keep({ head: ok(), body: JSON.stringify({ taskIds: ids }) });
    const badJson = keep({ head: ok(), body: '{"taskIds": [' });
    const badToken = keep({
      head: ['Host: {host}', 'Authorization: Bearer nope', 'X-User-Id: 1001'],
      body: JSON.stringify({ taskIds: ids }),
    });
    const last = build(port, { head: ok(), body: JSON.stringify({ taskIds: [ids[0]] }) });
    const text = await exchange(port, Buffer.concat([Buffer.from(good + badJson + good + badToken + good, 'latin1'), last]));
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
    expect(statuses).toEqual(['200', '200', '200', '401', '200', '200']);
    expect(text.match(/"code":2001/g)).toHaveLength(1);
  });
});
