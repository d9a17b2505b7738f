import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHeader } from './request-header';

const NAMES = ['X-User-Id', 'Authorization', 'X-Channel', 'X-App-Source', 'Content-Length', 'X-Absent'];
const app = new Hono();
app.all('/h', (c) => c.json(NAMES.map((name) => [requestHeader(c, name) ?? null, c.req.header(name) ?? null])));
let server: ReturnType<typeof serve>;
let port = 0;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Send raw header lines (repeats, odd case and spacing survive) and read back both readings. */
function ask(lines: string[], method = 'GET'): Promise<[string | null, string | null][]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as [string | null, string | null][]));
    socket.on('error', reject);
    socket.write(`${method} /h HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${lines.map((l) => `${l}\r\n`).join('')}\r\n`);
  });
}

describe('requestHeader', () => {
  it.each([
    ['plain values', ['X-User-Id: 42', 'Authorization: Bearer abc']],
    ['names in any case, values with inner and outer spaces', ['x-user-id:   7 ', 'AUTHORIZATION: Bearer  a b ', 'x-ChAnNeL:\t100\t']],
    [
      'repeated headers',
      ['X-User-Id: 1', 'X-User-Id: 2', 'Authorization: Bearer a', 'authorization: Bearer b', 'X-App-Source: s', 'X-App-Source:'],
    ],
    ['empty values', ['X-User-Id:', 'X-Channel: ']],
    ['no headers of interest', ['X-Other: 1']],
  ])('reads %s exactly as c.req.header does', async (_, lines) => {
    for (const [fast, hono] of await ask(lines)) expect(fast).toBe(hono);
  });

  it('joins repeats as Fetch does', async () => {
    const [userId, auth] = await ask(['X-User-Id: 1', 'X-User-Id: 2', 'Authorization: Bearer a', 'authorization: Bearer b']);
    expect(userId).toEqual(['1, 2', '1, 2']);
    expect(auth).toEqual(['Bearer a, Bearer b', 'Bearer a, Bearer b']);
  });

  it('falls back to c.req.header outside Node (app.request)', async () => {
    const res = await app.request('/h', { headers: { 'X-User-Id': ' 9 ', Authorization: 'Bearer t' } });
    const pairs = (await res.json()) as [string | null, string | null][];
    expect(pairs[0]).toEqual(['9', '9']);
    for (const [fast, hono] of pairs) expect(fast).toBe(hono);
  });
});
