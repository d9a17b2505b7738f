// npm run bench:dashboard — the built console against its own embedded gateway in Chromium:
// 10,000 watched tasks (most terminal, some live), requests per poll cycle against the naive
// one-request-per-task count, main-thread time per poll update, longest task, JS heap.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { findChromium } from './lib/find-chromium.mjs';
import { seedProfileScript } from './lib/seed-profile';
import { benchServerEnv } from './lib/start-server';
import { serverAnswers } from './lib/wait-for-server';
import { operations } from '../src/contract';
import { measurePaste, openTasksPage } from './bench/dashboard-paste';

const WATCHED = 10_000;
const LIVE = 500;
const INTERVAL_MS = 2_000;
const STEADY_CYCLES = 5;
const PORT = Number(process.env.BENCH_PORT ?? 8115);
const base = `http://127.0.0.1:${PORT}`;
const user = String(Date.now() % 1e9);
const work = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
const deadline = setTimeout(() => fail('bench took longer than 4 minutes'), 240_000);

function fail(why: string): never {
  console.error(why);
  process.exit(1);
}

execFileSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn', '--outDir', join(work, 'dist'), '--emptyOutDir'], {
  stdio: 'inherit',
});
const server = spawn('node_modules/.bin/tsx', ['server/start.ts'], { env: benchServerEnv(work, PORT), stdio: 'ignore' });
const cleanup = () => {
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
};

async function waitForServer() {
  if (!(await serverAnswers(base))) fail('server did not start');
}

async function createTasks(count: number, durationMs: number, outcome: string): Promise<string[]> {
  const ids: string[] = [];
  for (let left = count; left > 0; left -= 1000) {
    const res = await fetch(`${base}/api/_emulator/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': user },
      body: JSON.stringify({ count: Math.min(1000, left), durationMs, outcome }),
    });
    ids.push(...((await res.json()) as { data: { taskIds: string[] } }).data.taskIds);
  }
  return ids;
}

type Profile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
};

/** BENCH_PROFILE=1: the functions with the most self time while polling, to find what an update costs. */
function printProfile({ nodes, samples = [], timeDeltas = [] }: Profile) {
  const byId = new Map(nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  samples.forEach((id, i) => {
    const f = byId.get(id)!;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  });
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

const metric = async (cdp: CDPSession, name: string) =>
  (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? 0;

try {
  await waitForServer();
  const done = await createTasks(WATCHED - LIVE, 500, 'mixed');
  const live = await createTasks(LIVE, 30 * 60_000, 'finished');
  const ids = [...done.slice(0, (WATCHED - LIVE) / 2), ...live, ...done.slice((WATCHED - LIVE) / 2)];
  const watched = new Set(ids);
  await new Promise((r) => setTimeout(r, 600));

  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.addInitScript(seedProfileScript(user));
  await page.addInitScript(
    ([list, interval]) => {
      localStorage.setItem('console.tasks.watch-list', JSON.stringify(list));
      localStorage.setItem('console.tasks.settings', JSON.stringify({ intervalMs: interval }));
      const w = window as unknown as { longTasks: number[]; overviewCost: Record<string, number> };
      w.longTasks = [];
      // What the overview (task history, charts, failures table) spends, from its user-timing measures.
      w.overviewCost = {};
      new PerformanceObserver((l) =>
        l.getEntries().forEach((e) => {
          if (e.name.startsWith('overview: ')) w.overviewCost[e.name] = (w.overviewCost[e.name] ?? 0) + e.duration;
        }),
      ).observe({ type: 'measure' });
      new PerformanceObserver((l) => l.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({
        type: 'longtask',
        buffered: true,
      });
    },
    [ids, INTERVAL_MS] as const,
  );
  const calls: number[] = [];
  const sizes: number[] = [];
  page.on('request', (r) => {
    if (!r.url().includes(operations.taskStatus.path)) return;
    const { taskIds } = r.postDataJSON() as { taskIds: string[] };
    // Only the dashboard's poller: the shell's connection check asks for an ID of its own.
    if (!taskIds.every((id) => watched.has(id))) return;
    calls.push(Date.now());
    sizes.push(taskIds.length);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');

  const t0 = Date.now();
  await page.goto(`${base}/tasks`);
  await page.getByText(`of ${WATCHED} finished`).waitFor();
  await page
    .getByRole('progressbar', { name: /^Progress of / })
    .first()
    .waitFor();
  await page.getByRole('button', { name: /^Not checked yet 0$/ }).waitFor({ timeout: 60_000 });
  const firstCycleMs = Date.now() - t0;
  const firstCycleRequests = calls.length;
  if (process.env.BENCH_PROFILE) console.log('first requests', sizes.join(','), calls.map((t) => t - t0).join(','));
  const longFirst = await page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks));
  await page.getByRole('img', { name: /^Tasks by status over time/ }).waitFor();
  // The first cycle's history (a record per task) is written after the 2 s flush delay in slices of 500, 100 ms apart.
  await page.waitForTimeout(2_500 + (WATCHED / 500) * 150);
  type Costs = Record<string, number>;
  const firstCost = await page.evaluate(() => (window as unknown as { overviewCost: Record<string, number> }).overviewCost);

  // Steady state: only live tasks are polled.
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; overviewCost: Record<string, number> };
    w.longTasks = [];
    w.overviewCost = {};
  });
  const startCalls = calls.length;
  if (process.env.BENCH_PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  const parts = ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
  const parts0 = await Promise.all(parts.map((p) => metric(cdp, p)));
  const busy0 = await metric(cdp, 'TaskDuration');
  const since = Date.now();
  await page.waitForTimeout(STEADY_CYCLES * (INTERVAL_MS + 150));
  const busy1 = await metric(cdp, 'TaskDuration');
  const parts1 = await Promise.all(parts.map((p) => metric(cdp, p)));
  if (process.env.BENCH_PROFILE) printProfile((await cdp.send('Profiler.stop')).profile);
  const steadyCalls = calls.slice(startCalls);
  const gaps = steadyCalls.filter((t, i) => i === 0 || t - steadyCalls[i - 1]! > 700).length;
  const cycles = Math.max(1, gaps);
  const longSteady = await page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks));
  const heapMb = (await metric(cdp, 'JSHeapUsedSize')) / 1e6;
  const steadyMs = Date.now() - since;
  const steadyCost = await page.evaluate(() => (window as unknown as { overviewCost: Record<string, number> }).overviewCost);
  const costLine = (c: Costs, per: number) =>
    `${(Object.values(c).reduce((a, b) => a + b, 0) / per).toFixed(2)} ms (${Object.entries(c)
      .map(([k, v]) => `${k.slice(10)} ${(v / per).toFixed(2)}`)
      .join(', ')})`;

  // Baseline: the same time with polling off (only the 1 s clock re-renders), to isolate a poll update's cost.
  await page.getByLabel('Check every').selectOption('0');
  await page.waitForTimeout(500);
  const idle0 = await metric(cdp, 'TaskDuration');
  await page.waitForTimeout(steadyMs);
  const idle1 = await metric(cdp, 'TaskDuration');
  const perUpdateMs = ((busy1 - busy0 - (idle1 - idle0)) * 1000) / cycles;
  const domNodes = await metric(cdp, 'Nodes');

  // Scrolling through 10,000 rows.
  await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []));
  const region = page.getByRole('region', { name: 'Watched tasks' });
  for (let i = 1; i <= 20; i++) {
    await region.evaluate((el, f) => (el.scrollTop = el.scrollHeight * f), i / 20);
    await page.waitForTimeout(50);
  }
  const longScroll = await page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks));
  // --paste: the same IDs pasted, imported from a file and opened as a share link, each into an empty list (this page closed first, so its polling does not compete).
  const paste = process.argv.includes('--paste')
    ? await page.close().then(() => measurePaste(() => openTasksPage(browser, base, seedProfileScript(user)), ids))
    : null;
  await browser.close();

  const rows: Array<[string, string]> = [
    ['watched tasks (live)', `${WATCHED} (${LIVE})`],
    ['first cycle: requests (naive: one per task)', `${firstCycleRequests} (${WATCHED})`],
    ['first cycle: load to all rows known', `${firstCycleMs} ms`],
    ['longest task during first cycle', `${longFirst.toFixed(0)} ms`],
    ['steady cycle: requests (naive: one per task)', `${(steadyCalls.length / cycles).toFixed(1)} (${WATCHED})`],
    ['steady: main-thread time per poll update', `${perUpdateMs.toFixed(1)} ms (over ${cycles} cycles, idle baseline subtracted)`],
    [
      'main-thread busy, polling vs idle',
      `${(((busy1 - busy0) * 1000) / (steadyMs / 1000)).toFixed(0)} vs ${(((idle1 - idle0) * 1000) / (steadyMs / 1000)).toFixed(0)} ms per s`,
    ],
    [
      '  of which script / layout / style',
      parts.map((_, i) => `${(((parts1[i]! - parts0[i]!) * 1000) / cycles).toFixed(1)}`).join(' / ') + ' ms per cycle (before baseline)',
    ],
    ['overview: first cycle (history of every task, first write)', `${costLine(firstCost, 1)}, written in slices of 500`],
    ['overview: cost per steady poll update', costLine(steadyCost, cycles)],
    ['longest task in steady state', `${longSteady.toFixed(0)} ms`],
    ['longest task while scrolling 10,000 rows', `${longScroll.toFixed(0)} ms`],
    ['JS heap used', `${heapMb.toFixed(1)} MB`],
    ['DOM nodes', String(domNodes)],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n| ${'metric'.padEnd(w)} | value |\n|${'-'.repeat(w + 2)}|-------|`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(w)} | ${v} |`);
  if (paste) console.log(JSON.stringify(paste));
} finally {
  clearTimeout(deadline);
  cleanup();
}
