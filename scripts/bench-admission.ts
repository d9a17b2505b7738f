// npm run bench:admission — issue 36, fall 1: can an operator connect while an attacker holds
// silent connections? The attacker, on 127.0.0.1 like the probes, opens SILENT connections that
// never send a byte and reopens each one the server closes, at most RENEW_PER_SECOND a second on
// average (the red team's: 1,000 held, about 90 renewed a second). After a 12 s warm-up (past the
// default headers timeout: the old server has closed the first wave and the attacker renewed it),
// one probe a second opens a fresh connection and sends GET /readyz at once; a probe is served
// when its status line comes back, and counted within DEADLINE_MS. Prints each probe and a
// summary. Loopback only, bounded: every probe gives up after GIVE_UP_MS, and the run stops after
// the last one. BENCH_ATTACKER_ADDRESSES=40 spreads the attacker over more loopback addresses.
//
// Runs the server of this checkout (a stub page, no build), or the one at BENCH_URL (to measure
// another checkout's server, e.g. before a change). Needs about 2 × SILENT + 200 file descriptors;
// when `ulimit -n` is lower, it runs itself again under a shell that raises the soft limit.
import { execSync, spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchServer } from './lib/start-server';

const SILENT = Number(process.env.BENCH_SILENT ?? 1000);
const RENEW_PER_SECOND = Number(process.env.BENCH_RENEW_PER_SECOND ?? 90);
const PROBES = Number(process.env.BENCH_PROBES ?? 30);
/** 1: the attacker shares the probes' 127.0.0.1 (the issue's case); more: it spreads over 127.0.1.1… too. */
const ADDRESSES = Number(process.env.BENCH_ATTACKER_ADDRESSES ?? 1);
/** Past the default 10 s headers timeout: before the fix, the first wave of silent connections has been closed and reopened. */
const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_MS ?? 12_000);
const DEADLINE_MS = 2_000;
const GIVE_UP_MS = 5_000;
const PROBE = 'GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';

// The attacker's sockets and the probes here; the server (a child) as many again: both inherit this limit.
const NEEDED_FDS = 2 * SILENT + 200;
const fds = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
if (Number.isFinite(fds) && fds < NEEDED_FDS) {
  // Node cannot raise its own limit: run again under a shell that raises the soft limit (up to the hard one).
  const CANNOT_RAISE = 97;
  const raise = `ulimit -n ${NEEDED_FDS} 2>/dev/null || exit ${CANNOT_RAISE}; exec "$0" "$@"`;
  const again =
    process.env.BENCH_ADMISSION_RAISED === undefined &&
    spawnSync('/bin/sh', ['-c', raise, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_ADMISSION_RAISED: '1' },
    });
  if (again && again.status !== null && again.status !== CANNOT_RAISE) process.exit(again.status);
  console.error(
    `This needs about ${NEEDED_FDS} file descriptors; the limit is ${fds}. Raise it (ulimit -n ${NEEDED_FDS}) or lower BENCH_SILENT.`,
  );
  process.exit(1);
}

const stub = await mkdtemp(join(tmpdir(), 'bench-admission-dist-'));
await mkdir(stub, { recursive: true });
await writeFile(join(stub, 'index.html'), '<!doctype html><title>stub</title>');
const server = process.env.BENCH_URL ? undefined : await startBenchServer('bench-admission-', { DIST_DIR: stub, ACCESS_LOG: 'off' });
const { hostname, port } = new URL(process.env.BENCH_URL ?? server!.base);
if (hostname !== '127.0.0.1' && hostname !== 'localhost') throw new Error('bench:admission runs on loopback only');

/**
 * The attacker: SILENT connections that never send, each reopened as soon as the server closes it,
 * as long as the renewals stay within RENEW_PER_SECOND on average (a token bucket of SILENT opens,
 * full at the start: the first SILENT go at once, as in the red team's run).
 */
function silentFlood() {
  const held = new Set<Socket>();
  let wanted = SILENT;
  let tokens = SILENT;
  let opened = 0;
  let closedByServer = 0;
  let stopped = false;
  let last = performance.now();
  const open = () => {
    opened += 1;
    const n = opened % ADDRESSES;
    const socket = connect({ port: Number(port), host: '127.0.0.1', localAddress: n === 0 ? '127.0.0.1' : `127.0.1.${n}` });
    held.add(socket);
    socket.on('error', () => undefined);
    socket.resume();
    socket.once('close', () => {
      held.delete(socket);
      if (stopped) return;
      closedByServer += 1;
      wanted += 1;
    });
  };
  const pace = setInterval(() => {
    const now = performance.now();
    tokens = Math.min(SILENT, tokens + ((now - last) * RENEW_PER_SECOND) / 1000);
    last = now;
    const n = Math.min(Math.floor(tokens), wanted);
    tokens -= n;
    wanted -= n;
    for (let i = 0; i < n; i++) open();
  }, 5);
  return {
    held: () => held.size,
    opened: () => opened,
    closedByServer: () => closedByServer,
    stop() {
      stopped = true;
      clearInterval(pace);
      held.forEach((s) => s.destroy());
    },
  };
}

/** One probe: ms from connecting to the status line, or why it failed. */
function probe(): Promise<{ ms: number; status: string } | { failed: string }> {
  return new Promise((done) => {
    const start = performance.now();
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(PROBE));
    let text = '';
    const finish = (result: { ms: number; status: string } | { failed: string }) => {
      clearTimeout(timer);
      socket.destroy();
      done(result);
    };
    const timer = setTimeout(() => finish({ failed: `no answer in ${GIVE_UP_MS} ms` }), GIVE_UP_MS);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const line = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (line) finish({ ms: performance.now() - start, status: line[1]! });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => finish({ failed: err.code ?? err.message }));
    socket.on('close', () => finish({ failed: text === '' ? 'closed with no answer' : 'closed before a status line' }));
  });
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const flood = silentFlood();
try {
  const from = ADDRESSES === 1 ? '127.0.0.1' : `127.0.0.1 and ${ADDRESSES - 1} other addresses`;
  console.log(`${SILENT} silent connections from ${from}, renewed at ≤ ${RENEW_PER_SECOND}/s; warm-up ${WARM_UP_MS / 1000} s`);
  await wait(WARM_UP_MS);
  const [probesBegan, openedBefore] = [performance.now(), flood.opened()];
  const results: Awaited<ReturnType<typeof probe>>[] = [];
  const pending: Promise<void>[] = [];
  for (let i = 0; i < PROBES; i++) {
    pending.push(
      probe().then((r) => {
        results.push(r);
        const held = `attacker holds ${flood.held()}, server closed ${flood.closedByServer()} so far`;
        console.log(`probe ${String(i + 1).padStart(2)}: ${'ms' in r ? `HTTP ${r.status} in ${r.ms.toFixed(0)} ms` : r.failed} (${held})`);
      }),
    );
    await wait(1_000);
  }
  await Promise.all(pending);
  const renewRate = ((flood.opened() - openedBefore) * 1000) / (performance.now() - probesBegan);
  const served = results.flatMap((r) => ('ms' in r ? [r.ms] : [])).sort((a, b) => a - b);
  const inTime = served.filter((ms) => ms <= DEADLINE_MS).length;
  const pick = (q: number) =>
    served.length ? `${served[Math.min(served.length - 1, Math.floor(q * served.length))]!.toFixed(0)} ms` : '-';
  console.log(
    `\nserved ${served.length} of ${PROBES}; within ${DEADLINE_MS / 1000} s: ${inTime} of ${PROBES} (goal ≥ ${PROBES - 1})` +
      `\nlatency of served probes: median ${pick(0.5)}, p95 ${pick(0.95)}, max ${served.length ? `${served.at(-1)!.toFixed(0)} ms` : '-'}` +
      `\nattacker: ${flood.opened()} connections opened, ${flood.closedByServer()} closed by the server; ${renewRate.toFixed(0)} renewals a second while probing`,
  );
} finally {
  flood.stop();
  await server?.stop();
  await rm(stub, { recursive: true, force: true });
}
