// npm run bench:gateway — the embedded gateway on a loopback port: status throughput against a
// trivial route, speech time per size and format, event-loop delay while speech is made, restart
// time at 0 and 1,000,000 stored tasks, RSS during 200 concurrent range reads, and status p99
// during a synthesis flood from another user, and the proxy's cost: status through a proxy-mode
// console server (its own process, metrics on and off; undici's fetch on request) beside nginx
// doing the same hop and straight to the same gateway, alternated, with the ratios to nginx and to
// direct. BENCH_ONLY=restart,ranges,flood,proxy runs some sections.
// Load comes from a worker thread of lean keep-alive clients (scripts/lib/http-load.mjs): with
// fetch() on the server's own thread, the clients' work was most of what was measured.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createServer } from 'node:http';
import { Hono } from 'hono';
import { embeddedInfo } from '../server/console-info';
import { createStatusFastPath } from '../server/gateway/routes/status-fast-path';
import { createRequestListener } from '../server/request-listener';
import { allowedHostNames } from '../server/security/host-allow-list';
import { createServerApp } from '../server/server-app';
import { createGatewayApp } from '../server/gateway/app';
import { createGatewayDeps } from '../server/gateway/create-gateway-deps';
import { createSpeechService } from '../server/gateway/speech/speech-service';
import { operations } from '#contract';
import { GATEWAY_MOUNT } from '../server/gateway/files/url-signer';
import { startBenchServer } from './lib/start-server';
import { NGINX, startNginxProxy } from './bench/nginx-proxy';

const TOKEN = 'bench-token';
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const want = (section: string) => only.length === 0 || only.includes(section);
const LOAD_MS = 3000;
const CONCURRENCY = 16;
const dataDir = await mkdtemp(join(tmpdir(), 'bench-gateway-'));
/** Bounds raised so the bench can store a million tasks; everything else as configured by default. */
const benchOptions = (dir: string) => ({
  dataDir: dir,
  tokens: [TOKEN],
  statusAuth: 'optional' as const,
  emulator: true,
  limits: { tasks: { maxPerUser: 2_000_000, maxTotal: 2_000_000 } },
});
const deps = await createGatewayDeps({ ...benchOptions(dataDir), speech: createSpeechService({ dataDir }) });
// The production server as server/start.ts builds it (its middleware, its request listener and the
// status fast path; a stub build, so answers carry the CSP as they do there), with a trivial route
// beside the status route: both pay the same host check, headers and Hono dispatch.
// BENCH_FAST_PATH=off leaves the status route to Hono, to see what the fast path is worth.
const distDir = await mkdtemp(join(tmpdir(), 'bench-gateway-dist-'));
await writeFile(join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
const api = new Hono().get('/bench/ping', (c) => c.json({ ok: true })).route('/', createGatewayApp(deps));
const allowedHosts = allowedHostNames('127.0.0.1');
const app = createServerApp({ api, info: embeddedInfo([TOKEN]), distDir, allowedHosts });
const fastPath = process.env.BENCH_FAST_PATH === 'off' ? undefined : createStatusFastPath(deps, { allowedHosts });
const server = createServer(createRequestListener(app.fetch, fastPath)).listen(0, '127.0.0.1');
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

type Load = { count: number; perSecond: number; p50: number; p99: number; cpuUsPerRequest: number; clientCpuUsPerRequest: number };

/**
 * CPU time (ms) this thread has used, from Linux's /proc (NaN elsewhere): the server runs on this
 * thread, so its CPU per request is a figure the machine's other load barely moves, unlike req/s.
 */
function threadCpuMs(): number {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'latin1').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;
const port = (server.address() as AddressInfo).port;
const HEADERS = { 'Content-Type': 'application/json;charset=UTF-8', Authorization: `Bearer ${TOKEN}`, 'X-User-Id': '1' };

/** One HTTP/1.1 request as bytes on the wire, sent again and again by every client. */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body = ''): string {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Load with one request, or a list sent in turn; an answer other than 200 stops the bench. */
async function load(request: string | string[], ms = LOAD_MS, target = port): Promise<Load> {
  const cpuBefore = threadCpuMs();
  const worker = new Worker(new URL('./lib/http-load.mjs', import.meta.url), {
    workerData: { port: target, requests: Array.isArray(request) ? request : [request], ms, concurrency: CONCURRENCY },
  });
  const result = await new Promise<{ count: number; failed: number; ms: number; p50: number; p99: number; cpuMs: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  if (result.failed > 0) throw new Error(`${result.failed} of ${result.count} answers were not 200`);
  const cpuUsPerRequest = ((threadCpuMs() - cpuBefore) * 1000) / result.count;
  const clientCpuUsPerRequest = (result.cpuMs * 1000) / result.count;
  return {
    count: result.count,
    perSecond: result.count / (result.ms / 1000),
    p50: result.p50,
    p99: result.p99,
    cpuUsPerRequest,
    clientCpuUsPerRequest,
  };
}

const statusPath = `${GATEWAY_MOUNT}${operations.taskStatus.path}`;
const statusRequest = rawRequest('POST', statusPath, HEADERS, JSON.stringify({ taskIds }));
// The same 100 IDs in 300 different bodies (rotated, padded), sent in turn: more than the route
// keeps answers for, so each one is worked out afresh from the read index.
const freshStatusRequests = Array.from({ length: 300 }, (_, i) =>
  rawRequest(
    'POST',
    statusPath,
    HEADERS,
    JSON.stringify({ taskIds: [...taskIds.slice(i % 100), ...taskIds.slice(0, i % 100)] }) + ' '.repeat(i / 100),
  ),
);
const status = (ms?: number) => load(statusRequest, ms);
const freshStatus = (ms?: number) => load(freshStatusRequests, ms);
const ping = (ms?: number) => load(rawRequest('GET', '/api/bench/ping', HEADERS), ms);

if (want('status')) {
  // A broken route answers fast: check the answer before timing it.
  const check = (await (await post(statusPath, { taskIds })).json()) as { code: number; data: unknown[] | null };
  if (check.code !== 0 || check.data?.length !== 100) throw new Error(`the status answer is wrong: code ${check.code}`);
  await status(500);
  await freshStatus(500);
  await ping(500);
  // Alternate the three, three times each, and take each one's median: a shared machine's load shifts.
  const runs: Record<'status' | 'fresh' | 'ping', Load[]> = { status: [], fresh: [], ping: [] };
  for (let i = 0; i < 3; i++) {
    runs.status.push(await status());
    runs.fresh.push(await freshStatus());
    runs.ping.push(await ping());
  }
  const median = (of: Load[]) => [...of].sort((a, b) => a.perSecond - b.perSecond)[1]!;
  const medianCpu = (of: Load[], client = false) =>
    [...of].map((l) => (client ? l.clientCpuUsPerRequest : l.cpuUsPerRequest)).sort((a, b) => a - b)[1]!;
  const [statusLoad, freshLoad, pingLoad] = [median(runs.status), median(runs.fresh), median(runs.ping)];
  const pingCpu = medianCpu(runs.ping);
  const row = (l: Load, of: Load[]) => ({
    'req/s': f(l.perSecond, 0),
    'p50 ms': f(l.p50),
    'p99 ms': f(l.p99),
    ratio: f(l.perSecond / pingLoad.perSecond, 2),
    'server CPU µs/req': f(medianCpu(of)),
    'CPU ratio': f(pingCpu / medianCpu(of), 2),
    'clients CPU µs/req': f(medianCpu(of, true)),
  });
  console.log(
    `\nStatus (100 IDs) vs trivial route, ${CONCURRENCY} keep-alive clients in a worker thread, median of 3 × ${LOAD_MS / 1000} s`,
  );
  console.table({
    'status(100 IDs)': row(statusLoad, runs.status),
    'status, 300 bodies in turn': row(freshLoad, runs.fresh),
    'trivial route': row(pingLoad, runs.ping),
  });
  console.log(`status/trivial throughput ratio: ${f(statusLoad.perSecond / pingLoad.perSecond, 2)} (goal ≥ 0.5)`);
  // Server CPU per request (the server's thread, medians): the ratio the server's own work allows,
  // which a loaded machine moves far less than req/s (the load clients and other jobs share its cores).
  console.log(`status/trivial by server CPU per request: ${f(pingCpu / medianCpu(runs.status), 2)}`);
}

if (want('proxy')) {
  // The production shape: console servers in proxy mode (each its own process, as server/start.ts
  // runs it, access log on as in production) in front of this gateway, beside nginx doing the same
  // hop (scripts/bench/nginx-proxy.ts) and the gateway straight. The same status request, each in
  // turn in every round (the order rotating, so no one always follows another). BENCH_PROXY_VARIANTS
  // picks the console's: http (node:http to the gateway, metrics off), metrics (the same, METRICS_TOKEN
  // set), fetch (undici's fetch, the client before). BENCH_NGINX=off leaves nginx out;
  // BENCH_PROXY_ROUNDS and BENCH_PROXY_MS set the rounds and each load's length (default 3 × 3 s).
  // BENCH_PROXY_BASELINE=<another checkout> adds its console proxy (metrics off) as a column, e.g. the
  // commit before a change, measured in the same rounds.
  const allVariants = {
    fetch: { label: 'console proxy, fetch', env: { PROXY_UPSTREAM_CLIENT: 'fetch' } },
    http: { label: 'console proxy, metrics off', env: { PROXY_UPSTREAM_CLIENT: 'http' } },
    metrics: {
      label: 'console proxy, metrics on',
      env: { PROXY_UPSTREAM_CLIENT: 'http', METRICS_TOKEN: 'bench-metrics-token-0123456789' },
    },
  } as const;
  type Variant = keyof typeof allVariants;
  const picked = (process.env.BENCH_PROXY_VARIANTS ?? 'http,metrics').split(',').filter((v): v is Variant => v in allVariants);
  const rounds = Math.max(1, Number(process.env.BENCH_PROXY_ROUNDS ?? 3));
  const loadMs = Number(process.env.BENCH_PROXY_MS ?? LOAD_MS);
  const withNginx = process.env.BENCH_NGINX !== 'off' && existsSync(NGINX);
  if (!withNginx) console.log(`\n(nginx left out: ${process.env.BENCH_NGINX === 'off' ? 'BENCH_NGINX=off' : `no ${NGINX}`})`);
  const baseline = process.env.BENCH_PROXY_BASELINE;
  const consoleRuns: { key: string; label: string; env: Record<string, string>; cwd?: string }[] = [
    ...(baseline
      ? [{ key: 'baseline', label: `console proxy, metrics off, ${baseline}`, env: { PROXY_UPSTREAM_CLIENT: 'http' }, cwd: baseline }]
      : []),
    ...picked.map((variant) => ({ key: variant as string, label: allVariants[variant].label, env: allVariants[variant].env })),
  ];
  const consoles = await Promise.all(
    consoleRuns.map(async ({ key, label, env, cwd }) => {
      const server = await startBenchServer(
        `bench-proxy-${key}-`,
        {
          GATEWAY_URL: `${base}${GATEWAY_MOUNT}`,
          DIST_DIR: distDir,
          // Each load client keeps one socket for the whole run: past the default 1,000 requests Node answers 503 and closes it.
          MAX_REQUESTS_PER_SOCKET: '10000000',
          ...env,
        },
        cwd,
      );
      const cpuMs = processCpuMs(childPid(server.pid));
      return { key, label, port: Number(new URL(server.base).port), cpuMs, stop: server.stop };
    }),
  );
  const nginx = withNginx ? await startNginxProxy(port) : null;
  type Hop = { key: string; label: string; port: number; cpuMs: () => number; stop: () => Promise<unknown> };
  const hops: Hop[] = [...consoles];
  if (nginx) {
    const pids = await nginx.pids();
    const cpus = pids.map((pid) => processCpuMs(String(pid)));
    hops.unshift({
      key: 'nginx',
      label: 'nginx proxy_pass, keepalive pool',
      port: nginx.port,
      cpuMs: () => cpus.reduce((s, c) => s + c(), 0),
      stop: nginx.stop,
    });
  }
  try {
    const hopCpuUs: Record<string, number[]> = {};
    const through = async (hop: Hop, request = statusRequest, key: string = hop.key, ms = loadMs) => {
      const before = hop.cpuMs();
      const measured = await load(request, ms, hop.port);
      (hopCpuUs[key] ??= []).push(((hop.cpuMs() - before) * 1000) / measured.count);
      return measured;
    };
    for (const hop of hops) {
      const check = (await (
        await fetch(`http://127.0.0.1:${hop.port}${statusPath}`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ taskIds }) })
      ).json()) as { code: number; data: unknown[] | null };
      if (check.code !== 0 || check.data?.length !== 100)
        throw new Error(`the status answer through ${hop.key} is wrong: code ${check.code}`);
      await through(hop, statusRequest, 'warm-up', 500);
    }
    await status(500);
    // The console server's own handling without an upstream (Hono, middleware, access log): its info route.
    const infoRequest = rawRequest('GET', '/api/_console/info', { Accept: 'application/json' });
    const infoHop = consoles.find((c) => c.key === 'http');
    const runs: Record<string, Load[]> = { direct: [] };
    const loadsBefore: string[] = [];
    const steps: (() => Promise<unknown>)[] = [
      async () => runs.direct!.push(await status(loadMs)),
      ...hops.map((hop) => async () => (runs[hop.key] ??= []).push(await through(hop))),
    ];
    for (let i = 0; i < rounds; i++) {
      loadsBefore.push(f(loadavg()[0]!, 1));
      for (let s = 0; s < steps.length; s++) await steps[(s + i) % steps.length]!();
      if (infoHop) (runs.info ??= []).push(await through(infoHop, infoRequest, 'info'));
    }
    const middle = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    };
    const median = (of: Load[], key: 'perSecond' | 'p50' | 'p99' | 'cpuUsPerRequest') => middle(of.map((l) => l[key]));
    const medianOf = (values: number[] = []) => (values.length ? middle(values) : NaN);
    const direct = runs.direct!;
    const nginxRate = runs.nginx ? median(runs.nginx, 'perSecond') : NaN;
    const row = (of: Load[], key?: string) => ({
      'req/s': f(median(of, 'perSecond'), 0),
      'p50 ms': f(median(of, 'p50'), 2),
      'p99 ms': f(median(of, 'p99'), 2),
      'p50 added ms': key ? f(median(of, 'p50') - median(direct, 'p50'), 2) : '',
      '÷ direct': key === 'info' ? '' : f(median(of, 'perSecond') / median(direct, 'perSecond'), 2),
      '÷ nginx': key === 'info' || !runs.nginx ? '' : f(median(of, 'perSecond') / nginxRate, 2),
      'gateway CPU µs/req': key === 'info' ? '' : f(median(of, 'cpuUsPerRequest')),
      'hop CPU µs/req': key ? f(medianOf(hopCpuUs[key])) : '',
    });
    console.log(
      `\nProxy cost: status(100 IDs, ${statusRequest.length} B request), ${CONCURRENCY} keep-alive clients, median of ${rounds} × ${loadMs / 1000} s each, alternated`,
    );
    console.table({
      'straight to the gateway': row(direct),
      ...Object.fromEntries(hops.map((h) => [h.label, row(runs[h.key]!, h.key)])),
      ...(runs.info ? { 'console, GET /api/_console/info (no upstream)': row(runs.info, 'info') } : {}),
    });
    console.log(
      `load average (1 min) at the start of each round: ${loadsBefore.join(', ')}; now ${loadavg()
        .map((l) => f(l, 1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    if (runs.nginx)
      console.log(`nginx ÷ direct: ${f(nginxRate / median(direct, 'perSecond'), 2)} req/s; hop CPU ${f(medianOf(hopCpuUs.nginx))} µs/req`);
    for (const { key: variant, label } of consoleRuns.filter((c) => c.key !== 'metrics')) {
      const of = runs[variant]!;
      const added = median(of, 'p50') - median(direct, 'p50');
      const vsNginx = runs.nginx ? `; ÷ nginx ${f(median(of, 'perSecond') / nginxRate, 2)} (goal ≥ 0.8)` : '';
      console.log(
        `${label}: p50 added ${f(added, 2)} ms (goal ≤ 1 ms)${vsNginx}; ÷ direct ${f(median(of, 'perSecond') / median(direct, 'perSecond'), 2)}`,
      );
    }
    if (runs.metrics && runs.http) {
      const cost = 1 - median(runs.metrics, 'perSecond') / median(runs.http, 'perSecond');
      const off = medianOf(hopCpuUs.http);
      const cpu = medianOf(hopCpuUs.metrics) - off;
      console.log(
        `metrics on: ${f(cost * 100)} % of the proxy's throughput, ${f(cpu)} µs (${f((cpu / off) * 100)} %) of proxy CPU per request (goal ≤ 5 %)`,
      );
    }
  } finally {
    await Promise.all(hops.map((h) => h.stop()));
  }
}

/** The server's own process: `npm start` (server/build/serve.mjs) runs it in its own; a baseline checkout's tsx CLI, in a child. */
function childPid(pid: number | undefined): string {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').trim().split(' ')[0] || String(pid);
  } catch {
    return String(pid);
  }
}

/** CPU time (ms) a process has used so far, from Linux's /proc (NaN elsewhere). */
function processCpuMs(pid: string): () => number {
  return () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      return NaN;
    }
  };
}

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
if (want('speech')) {
  // Formats interleaved within each repetition, so a shared machine's load shifts hit them alike.
  const repeats = Number(process.env.BENCH_SPEECH_REPEATS ?? 5);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const speechRows: Record<string, Record<string, string>> = {};
  const ratios: number[] = [];
  for (const chars of [100, 1000, 5000]) {
    const times: Record<string, number[]> = { wav: [], mp3: [], pcm: [] };
    for (let i = 0; i < repeats; i++) {
      for (const format of ['wav', 'mp3', 'pcm']) times[format]!.push(await speak(chars, format));
      if (chars === 5000) ratios.push(times.mp3!.at(-1)! / times.wav!.at(-1)!);
    }
    speechRows[`${chars} chars`] = Object.fromEntries(Object.entries(times).map(([format, ms]) => [`${format} ms`, f(median(ms), 0)]));
  }
  console.log(`\nSpeech request time (one request at a time, en-us), median of ${repeats}`);
  console.table(speechRows);
  console.log(`MP3/WAV time at 5,000 chars: ${f(median(ratios), 2)} (median of ${repeats} side-by-side pairs; goal ≤ 1.5)`);
}

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
if (want('loop')) {
  const idle = await loopDelayDuring(async () => {});
  // An MP3 job keeps both cores busy (the synthesis worker and its encoding helper).
  const mp3 = await loopDelayDuring(() => speak(5000, 'mp3'));
  const busy = await loopDelayDuring(() => Promise.all([speak(5000, 'mp3'), speak(5000, 'wav')]));
  console.log('\nEvent-loop delay (the load clients share the process) under status load, 1.5 s');
  console.table({ 'status load only': idle, '+ one 5,000-char MP3': mp3, '+ two 5,000-char syntheses': busy });
}

const PROBE = new URL('./bench/restart-probe.ts', import.meta.url).pathname;
/** Fill a fresh DATA_DIR with `count` tasks through the engine, then time a restart in a new process. */
async function restartAt(count: number) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-restart-'));
  let known = 'Service_AI_none';
  if (count > 0) {
    const filler = await createGatewayDeps({ ...benchOptions(dir), speech: createSpeechService({ dataDir: dir }) });
    for (let made = 0; made < count; made += 1000) known = (await filler.tasks.create('1', { count: Math.min(1000, count - made) }))[0]!;
    await filler.close();
  }
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', PROBE, dir, known], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString()));
  await new Promise((done) => child.once('exit', done));
  const wallMs = performance.now() - started;
  const probe = JSON.parse(out) as { openMs: number; firstAnswerMs: number; found: number; rssMb: number };
  await rm(dir, { recursive: true, force: true });
  return {
    'open ms': f(probe.openMs, 0),
    'first answer ms': f(probe.firstAnswerMs, 0),
    'process wall ms': f(wallMs, 0),
    'RSS MB': f(probe.rssMb, 0),
    'task found': probe.found === 1 || count === 0 ? 'yes' : 'NO',
  };
}
if (want('restart')) {
  const empty = await restartAt(0);
  const million = await restartAt(1_000_000);
  console.log('\nRestart (open DATA_DIR, answer one status query) in a fresh process');
  console.table({
    '0 tasks': empty,
    '1,000,000 tasks': million,
    ratio: { 'first answer ms': f(Number(million['first answer ms']) / Number(empty['first answer ms']), 2) },
  });
}

/** Peak RSS of this process while `work` runs, sampled every 5 ms. */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; beforeMb: number }> {
  const beforeMb = process.memoryUsage().rss / 2 ** 20;
  let peakMb = beforeMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, process.memoryUsage().rss / 2 ** 20)), 5);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, process.memoryUsage().rss / 2 ** 20), beforeMb };
  } finally {
    clearInterval(timer);
  }
}

if (want('ranges')) {
  const res = await post(`${GATEWAY_MOUNT}${operations.textToSpeech.path}`, {
    sourceText: textOf(5000),
    voiceName: 'en-us',
    format: 'wav',
    speedFactor: 0.5,
  });
  const env = (await res.json()) as { code: number; message: string; data: { targetAudioUrl: string } | null };
  if (env.code !== 0 || !env.data) throw new Error(`long synthesis failed: ${env.message}`);
  const url = env.data.targetAudioUrl;
  const size = Number((await fetch(url, { headers: { Range: 'bytes=0-0' } })).headers.get('content-range')?.split('/')[1]);
  const reads = await peakRssDuring(() =>
    Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const at = Math.floor((size * i) / 200);
        const r = await fetch(url, { headers: { Range: `bytes=${at}-${at}` } });
        return (await r.arrayBuffer()).byteLength === 1 && r.status === 206;
      }),
    ),
  );
  console.log(`\n200 concurrent one-byte range reads of a ${f(size / 2 ** 20)} MB WAV`);
  console.table({
    ranges: {
      'RSS before MB': f(reads.beforeMb, 0),
      'RSS peak MB': f(reads.peakMb, 0),
      'all 206 with 1 byte': reads.result.every(Boolean) ? 'yes' : 'NO',
    },
  });
}

async function dirBytes(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let total = 0;
  for (const name of names) total += (await stat(join(dir, name)).catch(() => ({ size: 0 }))).size;
  return total;
}

if (want('flood')) {
  // The issue's attack: 24 queued 5,000-character syntheses from user 2, whose client leaves after 2 s.
  const audioBefore = await dirBytes(join(dataDir, 'audio'));
  const leave = new AbortController();
  const answers = { ok: 0, refused: 0, left: 0 };
  const flood = Array.from({ length: 24 }, () =>
    fetch(`${base}${GATEWAY_MOUNT}${operations.textToSpeech.path}`, {
      method: 'POST',
      signal: leave.signal,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}`, 'X-User-Id': '2' },
      body: JSON.stringify({ sourceText: textOf(5000), voiceName: 'en-us', format: 'wav', speedFactor: 0.5 }),
    })
      .then(async (r) => (((await r.json()) as { code: number }).code === 0 ? answers.ok++ : answers.refused++))
      .catch(() => answers.left++),
  );
  const leaveTimer = setTimeout(() => leave.abort(), 2000);
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const during = await peakRssDuring(() => status(3000));
  loopDelay.disable();
  await Promise.all(flood);
  clearTimeout(leaveTimer);
  const t = performance.now();
  const other = (await (
    await post(`${GATEWAY_MOUNT}${operations.textToSpeech.path}`, { sourceText: textOf(100), voiceName: 'en-us', format: 'wav' }, '3')
  ).json()) as { code: number };
  const otherMs = performance.now() - t;
  console.log('\nSynthesis flood: user 2 sends 24 x 5,000 chars (WAV, speed 0.5) and leaves after 2 s; user 1 polls status');
  console.table({
    flood: {
      'status p99 ms': f(during.result.p99),
      'status req/s': f(during.result.perSecond, 0),
      'loop max ms': f(loopDelay.max / 1e6),
      'RSS peak MB': f(during.peakMb, 0),
      'flood answered/refused/left': `${answers.ok}/${answers.refused}/${answers.left}`,
      "user 3's 100 chars after, ms": otherMs.toFixed(0) + (other.code === 0 ? '' : ` (code ${other.code})`),
      'audio written MB': f(((await dirBytes(join(dataDir, 'audio'))) - audioBefore) / 2 ** 20),
    },
  });
}

server.close();
await deps.close();
await rm(dataDir, { recursive: true, force: true });
await rm(distDir, { recursive: true, force: true });
