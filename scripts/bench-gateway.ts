// npm run bench:gateway — the embedded gateway on a loopback port: status throughput against a
// trivial route, speech time per size and format, and event-loop delay while speech is made.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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

type Load = { perSecond: number; p50: number; p99: number };
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

async function load(request: () => Promise<Response>, ms = LOAD_MS): Promise<Load> {
  const times: number[] = [];
  const end = performance.now() + ms;
  const runner = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const res = await request();
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, runner));
  times.sort((a, b) => a - b);
  return { perSecond: times.length / ((performance.now() - started) / 1000), p50: pct(times, 50), p99: pct(times, 99) };
}

const status = () => post(`${GATEWAY_MOUNT}${operations.taskStatus.path}`, { taskIds });
const ping = () => fetch(`${base}/bench/ping`);
const f = (n: number, d = 1) => n.toFixed(d);

await load(status, 500);
const statusLoad = await load(status);
const pingLoad = await load(ping);
console.log(`\nStatus (100 IDs) vs trivial route, ${CONCURRENCY} concurrent clients, ${LOAD_MS / 1000} s each`);
console.table({
  'status(100 IDs)': { 'req/s': f(statusLoad.perSecond, 0), 'p50 ms': f(statusLoad.p50), 'p99 ms': f(statusLoad.p99) },
  'trivial route': { 'req/s': f(pingLoad.perSecond, 0), 'p50 ms': f(pingLoad.p50), 'p99 ms': f(pingLoad.p99) },
  'ratio status/trivial': {
    'req/s': f(statusLoad.perSecond / pingLoad.perSecond, 2),
    'p50 ms': f(statusLoad.p50 / pingLoad.p50, 2),
    'p99 ms': f(statusLoad.p99 / pingLoad.p99, 2),
  },
});

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
  const statusDuring = await load(status, 1500);
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
