import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '#contract';
import { makeTestGateway, type TestGateway } from '../testing/test-gateway';
import { createGatewayApp } from './app';
import { MAX_BODY_BYTES } from './read-json-body';

// Over a real socket the body is read from Node's request, not a web stream: the same rules hold.
let gw: TestGateway;
let server: ServerType;
let port: number;
beforeAll(async () => {
  gw = await makeTestGateway();
  server = serve({ fetch: new Hono().route('/api', createGatewayApp(gw.deps)).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.close();
  await gw.deps.close();
});

/** POST the chunks as a chunked body (no Content-Length), then the parsed answer. */
function post(chunks: (string | Buffer)[]): Promise<{ status: number; body: { code: number; message: string; data: unknown } }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: `/api${operations.taskStatus.path}`,
        headers: { 'Content-Type': 'application/json', 'X-User-Id': '1001' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('request bodies over HTTP', () => {
  it('reads a body that arrives in pieces', async () => {
    const [id] = await gw.createTasks('1001', { count: 1 });
    const res = await post(['{"taskIds":', `["${id!.slice(0, 5)}`, `${id!.slice(5)}"]}`]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: [{ taskId: id }] });
  });

  it('refuses a chunked body past the cap with 413, without waiting for its end', async () => {
    const piece = Buffer.alloc(64 * 1024, 0x20);
    const res = await post(Array.from({ length: Math.ceil(MAX_BODY_BYTES / piece.length) + 2 }, () => piece));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(2001);
  });

  it('refuses a body that is not UTF-8, and an empty one, as before', async () => {
    expect((await post([Buffer.from([0x7b, 0xff, 0xfe, 0x7d])])).body).toMatchObject({
      code: 2001,
      message: expect.stringMatching(/UTF-8/),
    });
    expect((await post([])).body).toMatchObject({ code: 2001, message: 'taskId and taskIds cannot both be empty' });
  });
});
