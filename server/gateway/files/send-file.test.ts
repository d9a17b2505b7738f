import { open, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFile } from './send-file';

const SIZE = 256 * 1024 * 1024;
const MARKS = [0, 1, SIZE / 2, SIZE - 1];
let dir = '';
let server: ServerType;
let base = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'send-file-'));
  const path = join(dir, 'large.wav');
  // A sparse 256 MiB file with a known byte at a few offsets.
  const file = await open(path, 'w');
  await file.truncate(SIZE);
  for (const at of MARKS) await file.write(new Uint8Array([(at % 250) + 1]), 0, 1, at);
  await file.close();
  const app = new Hono().get(
    '/large',
    async (c) => (await sendFile(c, { path }, { contentType: 'audio/wav', disposition: 'inline' })) ?? c.text('gone', 404),
  );
  app.get(
    '/missing',
    async (c) =>
      (await sendFile(c, { path: join(dir, 'nope') }, { contentType: 'audio/wav', disposition: 'inline' })) ?? c.text('gone', 404),
  );
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((ready) => server.once('listening', ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  await rm(dir, { recursive: true, force: true });
});

describe('sendFile from disk', () => {
  it('answers ranges with the right bytes and headers, and 416 outside the file', async () => {
    for (const at of MARKS) {
      const res = await fetch(`${base}/large`, { headers: { Range: `bytes=${at}-${at}` } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${at}-${at}/${SIZE}`);
      expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([(at % 250) + 1]);
    }
    const tail = await fetch(`${base}/large`, { headers: { Range: 'bytes=-2' } });
    expect([tail.status, (await tail.arrayBuffer()).byteLength]).toEqual([206, 2]);
    const outside = await fetch(`${base}/large`, { headers: { Range: `bytes=${SIZE}-` } });
    expect([outside.status, outside.headers.get('content-range')]).toEqual([416, `bytes */${SIZE}`]);
    expect((await fetch(`${base}/missing`)).status).toBe(404);
  });

  it('keeps memory flat: 200 concurrent range reads and two whole reads of a 256 MiB file', async () => {
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const ranges = Array.from({ length: 200 }, async (_, i) => {
      const at = Math.floor((SIZE / 200) * i);
      const res = await fetch(`${base}/large`, { headers: { Range: `bytes=${at}-${at + 4095}` } });
      return (await res.arrayBuffer()).byteLength;
    });
    // Whole reads, consumed chunk by chunk as a media player would, never held.
    const whole = [1, 2].map(async () => {
      const res = await fetch(`${base}/large`);
      let total = 0;
      for await (const chunk of res.body!) total += chunk.byteLength;
      return total;
    });
    const sizes = await Promise.all([...ranges, ...whole]);
    clearInterval(sample);
    expect(sizes.slice(0, 200).every((n) => n === 4096)).toBe(true);
    expect(sizes.slice(200)).toEqual([SIZE, SIZE]);
    // Reading the file into memory even once would add 256 MiB.
    expect((peak - before) / 2 ** 20).toBeLessThan(128);
  });
});
