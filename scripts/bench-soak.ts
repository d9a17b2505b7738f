// npm run bench:soak [-- --seconds N] — the built console watching 500 tasks at the 2 s interval
// against its own embedded gateway for a fixed time (default 120 s). Every 10 s: browser JS heap
// after a forced GC, server RSS (/proc/<pid>/status), status requests, failures, console errors.
// Ends with a table and a verdict against the bounds below; exit code 1 when a bound is broken.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession } from '@playwright/test';
import { findChromium } from './lib/find-chromium.mjs';
import { seedProfileScript } from './lib/seed-profile';
import { benchServerEnv } from './lib/start-server';
import { serverAnswers } from './lib/wait-for-server';
import { operations } from '#contract';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '120' } } });
const SECONDS = Number(values.seconds);
if (!Number.isInteger(SECONDS) || SECONDS < 30 || SECONDS > 3600) throw new Error('--seconds must be an integer from 30 to 3600');
const TASKS = 500;
const SAMPLE_MS = 10_000;
const WARM_UP_MS = 30_000;
const BOUNDS = { heapGrowthPct: 20, rssGrowthMb: 50 };
const PORT = Number(process.env.BENCH_PORT ?? 8141);
const base = `http://127.0.0.1:${PORT}`;
const user = String(Date.now() % 1e9);
const work = mkdtempSync(join(tmpdir(), 'bench-soak-'));
const deadline = setTimeout(() => void finish(1, 'soak took longer than its deadline'), (SECONDS + 240) * 1000);

execFileSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn', '--outDir', join(work, 'dist'), '--emptyOutDir'], {
  stdio: 'inherit',
});
// `npm start`'s entry run by node itself: the child's pid is the server, whose RSS we read.
const server = spawn(process.execPath, ['server/build/serve.mjs'], {
  env: benchServerEnv(work, PORT, { GATEWAY_TOKENS: 'dev-token' }),
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverErrors = '';
server.stderr.on('data', (chunk: Buffer) => void (serverErrors += chunk.toString()));

async function finish(code: number, why?: string): Promise<never> {
  clearTimeout(deadline);
  if (why) console.error(why);
  const exited = new Promise((done) => (server.exitCode === null ? server.once('exit', done) : done(null)));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  rmSync(work, { recursive: true, force: true });
  process.exit(code);
}

async function waitForServer() {
  if (!(await serverAnswers(base))) await finish(1, `server did not start:\n${serverErrors}`);
}

async function createTasks(count: number, durationMs: number, outcome: string): Promise<string[]> {
  const res = await fetch(`${base}/api/_emulator/tasks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-User-Id': user },
    body: JSON.stringify({ count, durationMs, outcome }),
  });
  const body = (await res.json()) as { code: number; data: { taskIds: string[] } | null };
  if (body.code !== 0 || !body.data) throw new Error(`emulator refused: ${JSON.stringify(body)}`);
  return body.data.taskIds;
}

/** 400 that outlive the run, 100 that finish or fail at different times during it. */
async function createWorkload(): Promise<string[]> {
  const ids = await createTasks(400, (SECONDS + 600) * 1000, 'finished');
  for (const fraction of [0.1, 0.3, 0.5, 0.7, 0.9]) ids.push(...(await createTasks(20, Math.round(SECONDS * 1000 * fraction), 'mixed')));
  return ids;
}

function serverRssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

async function heapAfterGcMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6;
}

type Sample = { at: number; heapMb: number; rssMb: number; requests: number; failed: number; errors: number; nodes: number };

try {
  await waitForServer();
  const ids = await createWorkload();
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.addInitScript(seedProfileScript(user));
  // The poller in a dedicated worker (the console's fallback without SharedWorker): Playwright counts its requests and
  // failures, and sees none of a shared worker's.
  await page.addInitScript(() => void Reflect.deleteProperty(window, 'SharedWorker'));
  let requests = 0;
  let failed = 0;
  const errors: string[] = [];
  page.on('request', (r) => void (r.url().includes(operations.taskStatus.path) && requests++));
  page.on('requestfailed', (r) => {
    failed++;
    errors.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => void (r.url().includes('/api/') && r.status() !== 200 && failed++));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => void errors.push(e.message));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');

  await page.goto(`${base}/tasks`);
  await page.getByLabel('Task IDs').fill(ids.join('\n'));
  await page.getByRole('button', { name: 'Add to watch list' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `added ${TASKS} tasks` })
    .waitFor({ timeout: 30_000 });
  await page.getByLabel('Check every').selectOption('2000');
  await page
    .getByText(/Checking every 2 s|Checking…/)
    .first()
    .waitFor();

  const samples: Sample[] = [];
  const t0 = Date.now();
  const sample = async () => {
    const nodes = (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'Nodes')?.value ?? 0;
    samples.push({
      at: Date.now() - t0,
      heapMb: await heapAfterGcMb(cdp),
      rssMb: serverRssMb(),
      requests,
      failed,
      errors: errors.length,
      nodes,
    });
  };
  await sample();
  while (Date.now() - t0 < SECONDS * 1000) {
    await page.waitForTimeout(Math.min(SAMPLE_MS, SECONDS * 1000 - (Date.now() - t0)));
    await sample();
  }
  const finishedText = await page
    .getByText(/of \d+ finished/)
    .first()
    .textContent();
  await browser.close();

  console.log(`\nsoak: ${TASKS} watched tasks, 2 s interval, ${SECONDS} s; dashboard shows "${finishedText}"`);
  console.log('|   t (s) | JS heap after GC (MB) | server RSS (MB) | status requests | failed | console errors | DOM nodes |');
  console.log('|--------:|----------------------:|----------------:|----------------:|-------:|---------------:|----------:|');
  for (const s of samples) {
    const cells = [
      (s.at / 1000).toFixed(0),
      s.heapMb.toFixed(1),
      s.rssMb.toFixed(1),
      String(s.requests),
      String(s.failed),
      String(s.errors),
      String(s.nodes),
    ];
    console.log(`| ${cells.map((c, i) => c.padStart([7, 21, 15, 15, 6, 14, 9][i]!)).join(' | ')} |`);
  }

  const warm = samples.find((s) => s.at >= WARM_UP_MS) ?? samples[0]!;
  const last = samples.at(-1)!;
  const heapGrowthPct = ((last.heapMb - warm.heapMb) / warm.heapMb) * 100;
  const rssGrowthMb = last.rssMb - warm.rssMb;
  const perSecond = (last.requests - samples[0]!.requests) / (last.at / 1000 - samples[0]!.at / 1000);
  const checks: Array<[string, boolean]> = [
    [
      `JS heap growth after ${WARM_UP_MS / 1000} s warm-up ${heapGrowthPct.toFixed(1)}% < ${BOUNDS.heapGrowthPct}%`,
      heapGrowthPct < BOUNDS.heapGrowthPct,
    ],
    [`server RSS growth after warm-up ${rssGrowthMb.toFixed(1)} MB < ${BOUNDS.rssGrowthMb} MB`, rssGrowthMb < BOUNDS.rssGrowthMb],
    [`failed or non-200 requests ${last.failed} = 0`, last.failed === 0],
    [`console and page errors ${last.errors} = 0`, last.errors === 0],
    [`polling kept going: ${perSecond.toFixed(2)} status requests/s > 0`, perSecond > 0],
  ];
  for (const [text, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
  for (const e of errors.slice(0, 10)) console.log(`  error: ${e}`);
  const pass = checks.every(([, ok]) => ok);
  console.log(`verdict: ${pass ? 'PASS' : 'FAIL'}`);
  await finish(pass ? 0 : 1);
} catch (error) {
  await finish(1, error instanceof Error ? (error.stack ?? error.message) : String(error));
}
