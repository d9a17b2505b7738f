// npm run bench:gateway — the embedded gateway on a loopback port: status throughput against a
// trivial route, speech time per size and format, and event-loop delay while speech is made.
// Load comes from a worker thread of lean keep-alive clients (scripts/lib/http-load.mjs): with
// fetch() on the server's own thread, the clients' work was most of what was measured.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createGatewayApp } from '../server/gateway/app';
import { createGatewayDeps } from '../server/gateway/create-gateway-deps';
import { createSpeechService } from '../server/gateway/speech/speech-service';
import { operations } from '../src/contract';
import { GATEWAY_MOUNT } from '../server/gateway/files/url-signer';

const TOKEN = 'bench-token';
const LOAD_MS = 3000;
const CONCURRENCY = 16;
const dataDir = await mkdtemp(join(tmpdir(), 'bench-gateway-'));
const deps = await createGatewayDeps({
  dataDir,
  tokens: [TOKEN],
  statusAuth: 'optional',
  emulator: true,
  speech: createSpeechService({ dataDir }),
});
const root = new Hono().route('/api', createGatewayApp(deps));
root.get('/bench/ping', (c) => c.json({ ok: true }));
const server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const post = (path: string, body: unknown, userId = '1') =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json;charset=UTF-8', Authorization: `Bearer ${TOKEN}`, 'X-User-Id': userId },
    body: JSON.stringify(body),
  });

const created = (await (await post('/api/_emulator/tasks', { count: 100, durationMs: 60_000 })).json()) as { data: { taskIds: string[] } };
const taskIds = created.data.taskIds;

const f = (n: number, d = 1) => n.toFixed(d);

type Load = { perSecond: number; p50: number; p99: number };
const port = (server.address() as AddressInfo).port;
const HEADERS = { 'Content-Type': 'application/json;charset=UTF-8', Authorization: `Bearer ${TOKEN}`, 'X-User-Id': '1' };

/** One HTTP/1.1 request as bytes on the wire, sent again and again by every client. */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body = ''): string {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

async function load(request: string, ms = LOAD_MS): Promise<Load> {
  const worker = new Worker(new URL('./lib/http-load.mjs', import.meta.url), {
    workerData: { port, request, ms, concurrency: CONCURRENCY },
  });
  const result = await new Promise<{ count: number; ms: number; p50: number; p99: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { perSecond: result.count / (result.ms / 1000), p50: result.p50, p99: result.p99 };
}

const statusRequest = rawRequest('POST', `${GATEWAY_MOUNT}${operations.taskStatus.path}`, HEADERS, JSON.stringify({ taskIds }));
const status = (ms?: number) => load(statusRequest, ms);
const ping = (ms?: number) => load(rawRequest('GET', '/bench/ping'), ms);

await status(500);
await ping(500);
// Alternate the two, three times each, and take each one's median: a shared machine's load shifts.
const statusRuns: Load[] = [];
const pingRuns: Load[] = [];
for (let i = 0; i < 3; i++) {
  statusRuns.push(await status());
  pingRuns.push(await ping());
}
const median = (runs: Load[]) => [...runs].sort((a, b) => a.perSecond - b.perSecond)[1]!;
const statusLoad = median(statusRuns);
const pingLoad = median(pingRuns);
console.log(`\nStatus (100 IDs) vs trivial route, ${CONCURRENCY} keep-alive clients in a worker thread, median of 3 × ${LOAD_MS / 1000} s`);
console.table({
  'status(100 IDs)': { 'req/s': f(statusLoad.perSecond, 0), 'p50 ms': f(statusLoad.p50), 'p99 ms': f(statusLoad.p99) },
  'trivial route': { 'req/s': f(pingLoad.perSecond, 0), 'p50 ms': f(pingLoad.p50), 'p99 ms': f(pingLoad.p99) },
});
console.log(`status/trivial throughput ratio: ${f(statusLoad.perSecond / pingLoad.perSecond, 2)} (goal ≥ 0.5)`);

const sentence = 'The embedded gateway turns this sentence into speech. ';
const textOf = (chars: number) => sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);
const speak = async (chars: number, format: string) => {
  const t = performance.now();
  const env = (await (
    await post(`${GATEWAY_MOUNT}${operations.textToSpeech.path}`, { sourceText: textOf(chars), voiceName: 'en-us', format })
  ).json()) as { code: number };
  if (env.code !== 0) throw new Error(`speech failed with code ${env.code}`);
  return performance.now() - t;
};

await speak(100, 'wav'); // starts a worker and compiles the engine
const speechRows: Record<string, Record<string, string>> = {};
for (const chars of [100, 1000, 5000]) {
  speechRows[`${chars} chars`] = {};
  for (const format of ['wav', 'mp3', 'pcm']) speechRows[`${chars} chars`]![`${format} ms`] = f(await speak(chars, format), 0);
}
console.log('\nSpeech request time (one request at a time, en-us)');
console.table(speechRows);

async function loopDelayDuring(work: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const busy = work();
  const statusDuring = await status(1500);
  await busy;
  delay.disable();
  const ms = (ns: number) => f(ns / 1e6);
  return {
    'loop p50 ms': ms(delay.percentile(50)),
    'loop p99 ms': ms(delay.percentile(99)),
    'loop max ms': ms(delay.max),
    'status p99 ms': f(statusDuring.p99),
    'status req/s': f(statusDuring.perSecond, 0),
  };
}
const idle = await loopDelayDuring(async () => {});
const busy = await loopDelayDuring(() => Promise.all([speak(5000, 'mp3'), speak(5000, 'wav')]));
console.log('\nEvent-loop delay (the load clients share the process) under status load, 1.5 s');
console.table({ 'status load only': idle, '+ two 5,000-char syntheses': busy });

server.close();
await deps.close();
await rm(dataDir, { recursive: true, force: true });
