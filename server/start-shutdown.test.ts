import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverNodeArgs } from './testing/server-bundle';

/**
 * The real server process (server/start.ts, proxy mode) stopped with SIGTERM while a synthesis is
 * in flight at a gateway that answers when the test says so.
 */
type Gateway = { server: Server; url: string; arrived: Promise<void>; release: () => void };

async function slowGateway(): Promise<Gateway> {
  let release = () => undefined as void;
  let arrived = () => undefined as void;
  const arrivedOnce = new Promise<void>((r) => (arrived = r));
  const server = createServer((req, res) => {
    req.resume();
    arrived();
    release = () =>
      void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ code: 0, message: 'OK', data: { taskId: 't1', targetAudioUrl: '/files/a.wav' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, arrived: arrivedOnce, release: () => release() };
}

function startConsole(gatewayUrl: string, graceSeconds: number): Promise<{ child: ChildProcess; port: number; printed: () => string }> {
  const dist = mkdtempSync(join(tmpdir(), 'shutdown-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
  const child = spawn(process.execPath, serverNodeArgs(), {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      GATEWAY_URL: gatewayUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shutdown-data-')),
      DIST_DIR: dist,
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const port = /127\.0\.0\.1:(\d+)\//.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port), printed: () => out });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
}

function speak(port: number): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/speechSynthesis/textToSpeech',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

const until = (child: ChildProcess, printed: () => string, text: string) =>
  new Promise<void>((resolve) => {
    const check = () => (printed().includes(text) ? resolve() : undefined);
    child.stdout!.on('data', check);
    check();
  });
const exited = (child: ChildProcess) => new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
});

describe('server process: SIGTERM', () => {
  it('finishes a synthesis in flight, refuses new connections meanwhile, and exits 0', async () => {
    const gateway = await slowGateway();
    const { child, port, printed } = await startConsole(gateway.url, 10);
    cleanup.push(
      () => child.kill('SIGKILL'),
      () => gateway.server.close(),
    );
    const answer = speak(port);
    await gateway.arrived;
    const exit = exited(child);
    child.kill('SIGTERM');
    await until(child, printed, 'shutting down');
    await expect(speak(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    gateway.release();
    const got = await answer;
    expect(got.status).toBe(200);
    expect(got.connection).toBe('close');
    expect(JSON.parse(got.body)).toMatchObject({ code: 0, data: { taskId: 't1' } });
    expect(await exit).toBe(0);
  }, 30_000);

  it('exits 0 within the grace period and one second when a request never ends', async () => {
    const gateway = await slowGateway();
    const { child, port, printed } = await startConsole(gateway.url, 1);
    cleanup.push(
      () => child.kill('SIGKILL'),
      () => gateway.server.close(),
    );
    const answer = speak(port).catch((e: unknown) => e);
    await gateway.arrived;
    const exit = exited(child);
    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(2_000 + 500); // grace (1 s) + 1 s, and the signal's delivery
    expect(printed()).toMatch(/cut/);
    expect(await answer).toMatchObject({ code: 'ECONNRESET' });
  }, 30_000);
});
