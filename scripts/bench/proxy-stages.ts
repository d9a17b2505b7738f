// npx tsx scripts/bench/proxy-stages.ts — where the console proxy's CPU per request goes, by stage.
// The embedded gateway runs in its own process; the proxy-mode console server runs on this
// process's main thread, built as server/start.ts builds it (access log on, metrics as
// METRICS_TOKEN says); the load clients (scripts/lib/http-load.mjs) run in a worker thread. Status
// of 100 IDs, 16 keep-alive clients. Prints the main thread's CPU per request (from /proc, so the
// load clients' thread is not counted) without and with the sampling profiler, and the profile's
// self time per request grouped by stage.
// STAGES_MS (default 4000) is each window's length; STAGES_METRICS=on sets METRICS_TOKEN;
// STAGES_ACCESS_LOG=off turns the access log off; STAGES_TOP=n lists the n hottest functions.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import { startBenchServer } from '../lib/start-server';

const MS = Number(process.env.STAGES_MS ?? 4000);
const TOKEN = 'bench-token';
// A stub build: the servers would build the console first otherwise.
const distDir = await mkdtemp(join(tmpdir(), 'bench-stages-dist-'));
await writeFile(join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
const gateway = await startBenchServer('bench-stages-gw-', {
  DIST_DIR: distDir,
  GATEWAY_TOKENS: TOKEN,
  ACCESS_LOG: 'off',
  MAX_REQUESTS_PER_SOCKET: '10000000',
});
const headers = { 'Content-Type': 'application/json;charset=UTF-8', Authorization: `Bearer ${TOKEN}`, 'X-User-Id': '1' };
const made = (await (
  await fetch(`${gateway.base}/api/_emulator/tasks`, { method: 'POST', headers, body: JSON.stringify({ count: 100, durationMs: 600_000 }) })
).json()) as { data: { taskIds: string[] } };

Object.assign(process.env, {
  GATEWAY_URL: `${gateway.base}/api`,
  DIST_DIR: distDir,
  DATA_DIR: join(distDir, 'data'),
  PORT: '0',
  HOST: '127.0.0.1',
  MAX_REQUESTS_PER_SOCKET: '10000000',
  ACCESS_LOG: process.env.STAGES_ACCESS_LOG === 'off' ? 'off' : 'json',
  ...(process.env.STAGES_METRICS === 'on' ? { METRICS_TOKEN: 'bench-metrics-token-0123456789' } : {}),
});
// The access log goes where start.ts sends it, stdout; here it is counted and dropped.
let logBytes = 0;
process.stdout.write = ((chunk: string | Uint8Array) => {
  logBytes += chunk.length;
  return true;
}) as typeof process.stdout.write;
const say = (line: string) => process.stderr.write(`${line}\n`);

const { loadConfig } = await import('../../server/config');
const { createApi } = await import('../../server/create-api');
const { createServerApp } = await import('../../server/server-app');
const { allowedHostNames } = await import('../../server/security/host-allow-list');
const { applyConnectionLimits, connectionLimits, serverOptions } = await import('../../server/http-server-limits');
const { createRequestListener } = await import('../../server/request-listener');
const { observeRequests, stdoutLog } = await import('../../server/observability/observe-requests');

// As server/start.ts builds the production server (keep in step with it).
const config = loadConfig();
const api = await createApi(config);
const allowedHosts = allowedHostNames(config.HOST, config.ALLOWED_HOSTS);
const ops = {
  readiness: api.readiness,
  ...(api.metrics && config.METRICS_TOKEN ? { metrics: { registry: api.metrics.registry, token: config.METRICS_TOKEN } } : {}),
};
const app = createServerApp({ api: api.api, info: api.info, allowedHosts, ops, distDir });
const observers = { ...(api.metrics ? { metrics: api.metrics } : {}), ...(config.ACCESS_LOG === 'json' ? { log: stdoutLog } : {}) };
const limits = connectionLimits(config);
const server: Server = createServer(
  serverOptions(limits),
  observeRequests(createRequestListener(app.fetch, api.fastPath?.({ allowedHosts })), observers),
);
applyConnectionLimits(server, limits);
await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
const port = (server.address() as AddressInfo).port;

const body = JSON.stringify({ taskIds: made.data.taskIds });
const request = [
  `POST /api/textRemoval/taskStatus HTTP/1.1`,
  `Host: 127.0.0.1:${port}`,
  ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  `Content-Length: ${Buffer.byteLength(body)}`,
  '',
  body,
].join('\r\n');

/** This thread's CPU time in ms, user and system (the kernel's side of its sockets), from /proc. */
const threadTimes = () => {
  const fields = readFileSync('/proc/thread-self/stat', 'latin1').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
};
async function load(ms: number) {
  const before = threadTimes();
  const worker = new Worker(new URL('../lib/http-load.mjs', import.meta.url), {
    workerData: { port, requests: [request], ms, concurrency: 16 },
  });
  const result = await new Promise<{ count: number; failed: number; p50: number; ms: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (result.failed > 0) throw new Error(`${result.failed} answers were not 200`);
  const after = threadTimes();
  const per = (ms: number) => (ms * 1000) / result.count;
  return { ...result, cpuUs: per(after.user + after.system - before.user - before.system), systemUs: per(after.system - before.system) };
}

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** The stage a function belongs to, by where its code lives. */
function stageOf({ functionName, url }: Node['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName || '(anonymous)'}`;
  // JSON.parse and TextDecoder's decode run as builtins inlined into the exchange: its self time is theirs.
  if (functionName === 'exchange' && url.includes('gateway-proxy')) return 'exchange: JSON.parse of the answer (inlined)';
  const rules: [RegExp, string][] = [
    [/server\/proxy\//, 'proxy (server/proxy)'],
    [/server\/observability\//, 'observability (access log, metrics)'],
    [/prom-client/, 'prom-client'],
    [/@hono\/node-server/, '@hono/node-server (web Request/Response)'],
    [/node_modules\/hono\//, 'hono (routing, middleware)'],
    [/server\/security\//, 'security headers, host allow-list'],
    [/\/server\//, 'server (other)'],
    [/node:_http_client|node:_http_agent/, 'node:http client (agent, request)'],
    [/node:_http_server|node:_http_incoming|node:_http_common/, 'node:http server (parse, incoming)'],
    [/node:_http_outgoing/, 'node:http outgoing (headers, write)'],
    [/undici|webstreams|internal\/fetch|web\/|blob/, 'undici, web streams, Headers'],
    [/abort_controller|event_target|internal\/events|node:events/, 'events (EventEmitter), AbortController'],
    [/node:net|stream_base|internal\/streams|node:stream/, 'net, streams'],
    [/internal\/timers|node:timers/, 'timers'],
    [/buffer|encoding|util/, 'buffers, text'],
  ];
  return (
    rules.find(([re]) => re.test(url))?.[1] ??
    `other node (${url
      .replace(/^.*node:/, 'node:')
      .split('/')
      .slice(-2)
      .join('/')})`
  );
}

async function profiled(ms: number) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const measured = await load(ms);
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  session.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const stages = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const us = profile.timeDeltas[i] ?? 0;
    if (node.callFrame.functionName === '(idle)') return;
    total += us;
    const stage = stageOf(node.callFrame);
    stages.set(stage, (stages.get(stage) ?? 0) + us);
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  });
  return { measured, stages, fns, total };
}

await load(1500); // warm-up: the JIT, the agent's sockets
const plain = await load(MS);
const prof = await profiled(MS);
const perReq = (us: number) => (us / prof.measured.count).toFixed(1);
say(
  `\nProxy stages: status(100 IDs), 16 clients, ${MS / 1000} s windows; metrics ${process.env.STAGES_METRICS === 'on' ? 'on' : 'off'}, access log ${config.ACCESS_LOG}; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
say(
  `unprofiled: ${plain.count} requests, ${(plain.count / (plain.ms / 1000)).toFixed(0)} req/s, p50 ${plain.p50.toFixed(2)} ms, main thread ${plain.cpuUs.toFixed(1)} µs CPU/request (${plain.systemUs.toFixed(1)} of it in the kernel)`,
);
// The sampling profiler counts wall time: a thread preempted in a write(2) that woke its reader
// (loopback delivers in the writer's time slice) shows as a long writev. So the stages are given as
// shares of the samples outside system calls and the profiler's own "(program)", scaled to the
// unprofiled user CPU per request; the kernel's part is the measured one.
const WALL = new Set(['native writev', 'native writeUtf8String', 'native writeBuffer', '(program)']);
const counted = [...prof.stages].filter(([stage]) => !WALL.has(stage)).reduce((sum, [, us]) => sum + us, 0);
const userUs = plain.cpuUs - plain.systemUs;
say(`profiled:   ${prof.measured.count} requests; stages as shares of ${userUs.toFixed(1)} µs of user CPU per request, then the kernel:`);
for (const [stage, us] of [...prof.stages].filter(([stage]) => !WALL.has(stage)).sort((a, b) => b[1] - a[1])) {
  const scaled = (us / counted) * userUs;
  if (scaled >= 0.5) say(`${scaled.toFixed(1).padStart(8)} µs  ${stage}`);
}
say(`${plain.systemUs.toFixed(1).padStart(8)} µs  kernel (socket reads and writes, epoll)`);
const top = Number(process.env.STAGES_TOP ?? 25);
if (top > 0) {
  say('\nhottest functions (self time, µs/request):');
  for (const [fn, us] of [...prof.fns].sort((a, b) => b[1] - a[1]).slice(0, top)) say(`${perReq(us).padStart(8)}  ${fn}`);
}
say(`(access log: ${(logBytes / (plain.count + prof.measured.count + 1)).toFixed(0)} B/request)`);
server.closeAllConnections();
server.close();
await api.close();
await gateway.stop();
await rm(distDir, { recursive: true, force: true });
process.exit(0);
