// npm run bench:dashboard [-- --watched N --live M] — the built console against its own embedded gateway
// in Chromium: N watched tasks (default 100,000; M of them live, default 1,000) in the profile's
// IndexedDB watch list. Requests per poll cycle against the naive one-request-per-task count,
// main-thread time per poll update, longest task, the first cycle, scroll frames, JS heap. Ends with
// one JSON line of the headline figures.
// --query 'status:failed code:3002 updated:<1h': also the query language's cost per keystroke and per poll update
// over N rows of the bench's mix, at the model level (scripts/bench/query-typing.ts); --query-only stops there.
// Without --query-only, the same query is then typed into the dashboard's query box in Chromium: main-thread work per
// key (p50/p95/max busy and CPU, longest task) and, for the first, per poll update with the query on beside none
// (scripts/bench/dashboard-query.ts). --query may be given more than once; --query-paste '…' pastes a query in one go.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stubViteModules } from './lib/stub-vite-modules';
import { chromium, type CDPSession } from '@playwright/test';
import { findChromium } from './lib/find-chromium.mjs';
import { seedProfileScript } from './lib/seed-profile';
import { benchServerEnv } from './lib/start-server';
import { serverAnswers } from './lib/wait-for-server';
import { printAllocations, printProfile, startAllocationSampling } from './bench/cpu-profile';
import { sampleHeapGrowth } from './bench/heap-growth';
import { printHeapByConstructor } from './bench/heap-snapshot';
import { logFailedRequests } from './bench/failed-requests';
import { describeScroll, countWritesByColumn, writesOf } from './bench/scroll-description';
import { cyclesOf, describeLongTasks, describeUpdates, longestTask, median, startTrace, updateCost } from './bench/main-thread-trace';
import {
  createEmulatorTasks,
  dashboardProbeScript,
  historyLogEntries,
  swellHistoryLog,
  longestOverall,
  longestSinceReset,
  measureScroll,
  overviewCost,
  resetProbe,
  seedWatchList,
  waitForButtonText,
  waitForHistoryWritten,
  waitForStrongText,
  injectProbeCss,
} from './bench/dashboard-page';
import { PIECE } from '../src/features/tasks/watch-list/watch-list-db';
import { operations } from '#contract';
import { measurePaste, openTasksPage } from './bench/dashboard-paste';
import { measureQueryInPage, pageQueryRows } from './bench/dashboard-query';

// The query language's model reaches the i18n store, which imports Vite's virtual modules: empty here (stub-vite-modules.ts).
stubViteModules();
const { measureQueryTyping, printQueryFigures } = await import('./bench/query-typing');

const { values: flags } = parseArgs({
  options: {
    watched: { type: 'string', default: '100000' },
    live: { type: 'string', default: '1000' },
    paste: { type: 'boolean', default: false },
    // Each --query is measured in turn (model level, then typed in the page); each --query-paste is pasted in the page.
    query: { type: 'string', multiple: true },
    'query-paste': { type: 'string', multiple: true },
    'query-only': { type: 'boolean', default: false },
  },
});
const WATCHED = Number(flags.watched);
const LIVE = Number(flags.live);
if (!Number.isInteger(WATCHED) || WATCHED < 1 || WATCHED > 100_000) throw new Error('--watched must be an integer from 1 to 100000');
if (!Number.isInteger(LIVE) || LIVE < 0 || LIVE > WATCHED) throw new Error('--live must be an integer from 0 to --watched');
// First, before the build and the browser load the machine: measured in this process alone.
const typedQueries = flags.query ?? [];
const pastedQueries = flags['query-paste'] ?? [];
const queryFigures = [];
for (const q of [...typedQueries, ...pastedQueries]) {
  const f = await measureQueryTyping(q, WATCHED, LIVE);
  printQueryFigures(f);
  queryFigures.push(f);
}
if (flags['query-only']) process.exit(queryFigures.length ? 0 : 1);
const INTERVAL_MS = 2_000;
/** Steady cycles traced; the first (perhaps begun before the trace) is left out. */
const STEADY_CYCLES = 11;
/**
 * How long a live task runs (BENCH_LIVE_MS): Created for 5%, Queued to 15%, then Running with its progress one point
 * higher about every 1.7 s at the default 200 s. Created 30–60 s before the steady phase on a quiet machine, every live
 * task is Running there, so each update changes 1,000 rows (before, tasks of 30 min stayed Queued and updates changed none).
 */
const LIVE_MS = Number(process.env.BENCH_LIVE_MS ?? 200_000);
/** Live tasks at the head of the list: the first screen of the table shows rows an update changes. */
const LIVE_ON_TOP = 40;
const PORT = Number(process.env.BENCH_PORT ?? 8115);
const base = `http://127.0.0.1:${PORT}`;
const user = String(Date.now() % 1e9);
/** Milliseconds the page is left alone between the history's first write and the steady phase (BENCH_SETTLE_MS). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 20_000);
const work = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
// Building, creating 100,000 tasks, a first cycle of 1,000 requests and the history's first write take minutes on a busy machine.
const deadline = setTimeout(() => fail('bench took longer than 12 minutes'), 12 * 60_000);
const fmt = (n: number) => n.toLocaleString('en-US');
/** BENCH_RELOAD: how long the reopened page is watched for its writes (a progress-only record waits up to 30 s). */
const REOPEN_WATCH_MS = 40_000;

const began = Date.now();
/** Progress on stderr, so a slow phase shows where the minutes go. */
const step = (what: string) => console.error(`[${((Date.now() - began) / 1000).toFixed(0)} s] ${what}`);

/**
 * In the page (a string: tsx's helpers do not exist there): counts DOM mutations on `window.domWrites` by the nearest
 * labelled region (set it to {} to count afresh).
 */
const countMutationsByRegion = `(() => {
  window.domWrites = {};
  const regionOf = (node) => {
    for (let el = node instanceof Element ? node : node && node.parentElement; el; el = el.parentElement) {
      const by = el.getAttribute('aria-labelledby');
      const label = el.getAttribute('aria-label') || (by && document.getElementById(by)?.textContent);
      if (label && /^(SECTION|DIV|NAV|HEADER|ASIDE|MAIN|FORM|TABLE)$/.test(el.tagName)) return el.tagName.toLowerCase() + ' "' + label.slice(0, 40) + '"';
    }
    return '(page)';
  };
  new MutationObserver((records) => {
    const writes = window.domWrites;
    for (const r of records) {
      const key = regionOf(r.target) + ' ' + r.type + (r.attributeName ? ':' + r.attributeName : '');
      writes[key] = (writes[key] || 0) + 1;
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

/** `writes` (a region's count by kind) per `per`, most first. */
const writesByRegion = (writes: Record<string, number>, per: number) =>
  Object.entries(writes)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${(v / per).toFixed(1)}`)
    .join(', ');

function fail(why: string): never {
  console.error(why);
  process.exit(1);
}

// A profile names functions only in an unminified build.
const minify = process.env.BENCH_PROFILE || process.env.BENCH_ALLOC ? ['--minify', 'false'] : [];
execFileSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn', '--outDir', join(work, 'dist'), '--emptyOutDir', ...minify], {
  stdio: 'inherit',
});
const server = spawn('node_modules/.bin/tsx', ['server/start.ts'], { env: benchServerEnv(work, PORT), stdio: 'ignore' });
const cleanup = () => {
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
};

const createTasks = (count: number, durationMs: number, outcome: string) => createEmulatorTasks(base, user, count, durationMs, outcome);

const metric = async (cdp: CDPSession, name: string) =>
  (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? 0;

try {
  if (!(await serverAnswers(base))) fail('server did not start');
  step(`creating ${fmt(WATCHED)} tasks`);
  const done = await createTasks(WATCHED - LIVE, 500, 'mixed');
  const live = await createTasks(LIVE, LIVE_MS, 'finished');
  const half = Math.floor(done.length / 2);
  const ids = [...live.slice(0, LIVE_ON_TOP), ...done.slice(0, half), ...live.slice(LIVE_ON_TOP), ...done.slice(half)];
  const watched = new Set(ids);
  await new Promise((r) => setTimeout(r, 600));

  // BENCH_CHROME_ARGS: extra Chromium flags, e.g. --js-flags=--trace-gc (its lines reach stderr with DEBUG=pw:browser).
  const extraArgs = process.env.BENCH_CHROME_ARGS?.split(' ').filter(Boolean) ?? [];
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: extraArgs });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.addInitScript(seedProfileScript(user, { 'console.tasks.settings': { intervalMs: INTERVAL_MS } }));
  await page.addInitScript(dashboardProbeScript);
  // The scope is the profile's gateway URL and user ID (connectionScope), as the watcher opens it.
  await seedWatchList(page, base, ['/api', user].join('\u0000'), ids, PIECE);
  // Batch sizes as Playwright sees them: only a dedicated worker's requests (a shared worker's, the console's default,
  // are invisible to it). The request counts come from the Chrome traces, which see both.
  const sizes: number[] = [];
  page.on('request', (r) => {
    if (!r.url().includes(operations.taskStatus.path)) return;
    const { taskIds } = r.postDataJSON() as { taskIds: string[] };
    // Only the dashboard's poller: the shell's connection check asks for an ID of its own.
    if (!taskIds.every((id) => watched.has(id))) return;
    sizes.push(taskIds.length);
  });
  const failedAnswers: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.url().includes(operations.taskStatus.path)) failedAnswers.push(r.failure()?.errorText ?? 'failed');
  });
  page.on('response', (r) => {
    if (r.url().includes(operations.taskStatus.path) && r.status() !== 200) failedAnswers.push(String(r.status()));
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  // BENCH_NET=1: each failed status request with its network events (CDP timestamps, s): sent, answered, bytes, failed.
  if (process.env.BENCH_NET) await logFailedRequests(cdp, operations.taskStatus.path, step);

  step('first cycle');
  // First cycle: the list loads from IndexedDB, every ID is checked once in batches of at most 100.
  // BENCH_PROFILE=first profiles the first cycle instead of the steady state, BENCH_PROFILE=idle the idle baseline.
  const profileFirst = process.env.BENCH_PROFILE === 'first';
  if (profileFirst) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  // BENCH_ALLOC=first: what the first cycle allocates, by function (its scavenges are its longest tasks on some runs).
  const sampleFirstAllocations = process.env.BENCH_ALLOC === 'first';
  if (sampleFirstAllocations) await startAllocationSampling(cdp);
  // A trace of it: the longest task's CPU time (a loaded machine stretches wall times), and with the profile what ran in each long one.
  const stopFirstTrace = await startTrace(browser, page);
  const t0 = Date.now();
  await page.goto(`${base}/tasks`);
  // The progress line formats its numbers (en: "of 100,000 finished").
  await waitForStrongText(page, `of ${fmt(WATCHED)} finished`, 120_000);
  await waitForButtonText(page, 'Not checked yet 0', 300_000);
  const firstCycleMs = Date.now() - t0;
  if (sampleFirstAllocations) printAllocations((await cdp.send('HeapProfiler.stopSampling')).profile.head, 1, 30, 'in the first cycle');
  const firstTrace = await stopFirstTrace();
  const firstLongest = longestTask(firstTrace);
  const firstCpuLongest = Math.max(0, ...firstTrace.tasks.map((t) => t.cpu));
  if (profileFirst) {
    const { profile } = await cdp.send('Profiler.stop');
    printProfile(profile, 30);
    // BENCH_LONG_MS: describe shorter tasks too (the ones a loaded machine may stretch past 50 ms).
    const overMs = Number(process.env.BENCH_LONG_MS ?? 50);
    console.log(`tasks over ${overMs} ms from load to the end of the first cycle:`);
    for (const line of describeLongTasks(firstTrace, firstTrace.tasks[0]?.start ?? 0, overMs, profile)) console.log(`  ${line}`);
  }
  const firstCycleRequests = firstTrace.requests.filter((r) => !r.fromPage).length;
  const firstBatchMax = sizes.length ? `${Math.max(...sizes)} IDs` : 'not visible to Playwright (shared worker)';
  const longFirst = await longestSinceReset(page);
  await page.getByRole('img', { name: /^Tasks by status over time/ }).waitFor();
  step(`first cycle done in ${fmt(firstCycleMs)} ms; waiting for the history's first write`);
  // The first cycle's history (a record per task) is written in slices after a delay: wait until it is all out.
  // BENCH_PROFILE=history profiles this phase.
  const profileHistory = process.env.BENCH_PROFILE === 'history';
  // BENCH_PROFILE=query: the functions with the most self time while the query is typed (with --query).
  // BENCH_PROFILE=query-updates: the poll updates with the query on instead.
  const profileQuery = process.env.BENCH_PROFILE === 'query' || process.env.BENCH_PROFILE === 'query-updates';
  // Any other BENCH_PROFILE (1): the steady phase.
  const profileSteady =
    Boolean(process.env.BENCH_PROFILE) &&
    !profileFirst &&
    !profileHistory &&
    !profileQuery &&
    !['idle', 'scroll', 'reopen'].includes(process.env.BENCH_PROFILE!);
  if (profileHistory) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  if (!(await waitForHistoryWritten(page, WATCHED, 240_000))) step('the history was not all written in 4 minutes');
  const longHistory = await longestSinceReset(page);
  if (profileHistory) printProfile((await cdp.send('Profiler.stop')).profile, 30);
  const firstCost = await overviewCost(page);
  const reopen = async () => {
    step('reopening the page over its history');
    await resetProbe(page);
    // BENCH_PROFILE=reopen: what its long tasks run (the trace alone names the browser's part).
    const profiled = process.env.BENCH_PROFILE === 'reopen';
    if (profiled) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    // BENCH_RELOAD=rewrite: the log swollen to three times its entries first, past the recorder's limit, so the
    // reopened page reads a log at its largest and then writes it again whole (task-history-recorder.ts, compact).
    const swollen = process.env.BENCH_RELOAD === 'rewrite' ? await swellHistoryLog(page, 3) : null;
    if (swollen) step(`the history's log swollen to ${fmt(swollen.entries)} entries, ${fmt(swollen.records)} records`);
    const stopReopenTrace = await startTrace(browser, page);
    const t = Date.now();
    await page.reload();
    await waitForStrongText(page, `of ${fmt(WATCHED)} finished`, 120_000);
    await waitForButtonText(page, 'Not checked yet 0', 300_000);
    const loadMs = Date.now() - t;
    await page.waitForTimeout(REOPEN_WATCH_MS);
    const trace = await stopReopenTrace();
    const profile = profiled ? (await cdp.send('Profiler.stop')).profile : undefined;
    const longest = longestTask(trace);
    console.log('reopened page, tasks over 50 ms:');
    for (const line of describeLongTasks(trace, trace.tasks[0]?.start ?? 0, 50, profile)) console.log(`  ${line}`);
    const cost = await overviewCost(page);
    if (swollen)
      console.log(
        `the log's rewrite: entries ${fmt(swollen.entries)} -> ${fmt(await historyLogEntries(page))}; its slices' main thread ` +
          `${(cost['overview: compact'] ?? 0).toFixed(1)} ms (the put of each slice's records)`,
      );
    return {
      loadMs,
      longestMs: longest.end - longest.start,
      longestCpuMs: longest.cpu,
      observedLongestMs: await longestSinceReset(page),
      written: cost['overview: written count'] ?? 0,
      writeMs: cost['overview: write'] ?? 0,
    };
  };
  // BENCH_RELOAD=1: the page opened again over the history it just wrote, as an operator's next visit; the steady phase
  // and everything after run on that page. Its first cycle, and the records it wrote in the REOPEN_WATCH_MS after.
  const reopened = process.env.BENCH_RELOAD ? await reopen() : null;

  // The page settles before the steady phase: its chunks loaded on demand, its idle warm-ups, the first cycle's garbage.
  // The history's first write took ~27 s until it was one IndexedDB value per 500 records (then ~4 s), and so gave
  // this time; without it, the first updates measured held module evaluation and the first cycle's major collection.
  if (!reopened) await page.waitForTimeout(SETTLE_MS);
  step('steady state');
  // Steady state: only live tasks are polled, with the table in view (its first rows are live, so updates redraw them).
  await page.getByRole('region', { name: 'Watched tasks' }).scrollIntoViewIfNeeded();
  // BENCH_CSS: a style sheet laid over the page from here on (a CSS change measured before it is made in src).
  if (process.env.BENCH_CSS) await injectProbeCss(page, process.env.BENCH_CSS);
  await resetProbe(page);
  // Sampled every 100 µs: at the default (~1 ms, longer on a busy machine) an update's 10 ms were a few samples, each
  // charged with the time until the next, so a function met once looked like 5 ms.
  if (profileSteady)
    await cdp
      .send('Profiler.enable')
      .then(() => cdp.send('Profiler.setSamplingInterval', { interval: 100 }))
      .then(() => cdp.send('Profiler.start'));
  const parts = ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
  const parts0 = await Promise.all(parts.map((p) => metric(cdp, p)));
  const busy0 = await metric(cdp, 'TaskDuration');
  // BENCH_ALLOC=1: what the steady phase allocates, by function (a sampling heap profile; freed objects included).
  const sampleAllocations = Boolean(process.env.BENCH_ALLOC) && !sampleFirstAllocations;
  if (sampleAllocations) await startAllocationSampling(cdp);
  const since = Date.now();
  // BENCH_DESCRIBE=1 also counts the DOM writes of the steady phase by where they land (the nearest labelled region).
  if (process.env.BENCH_DESCRIBE) await page.evaluate(countMutationsByRegion);
  // BENCH_GROWTH=1: how much each heap grows over the steady phase and its idle baseline (the samples are calls into the
  // page, so that run's times are not to be read).
  const sampleGrowth = () => (process.env.BENCH_GROWTH ? sampleHeapGrowth(cdp, Number(process.env.BENCH_GROWTH_MS ?? 100)) : null);
  const stopTrace = await startTrace(browser, page);
  const growth = sampleGrowth();
  await page.waitForTimeout(STEADY_CYCLES * (INTERVAL_MS + 150));
  const grown = await growth?.stop();
  const steadyTrace = await stopTrace();
  const busy1 = await metric(cdp, 'TaskDuration');
  const allocations = sampleAllocations ? (await cdp.send('HeapProfiler.stopSampling')).profile : null;
  const parts1 = await Promise.all(parts.map((p) => metric(cdp, p)));
  const steadyProfile = profileSteady ? (await cdp.send('Profiler.stop')).profile : null;
  // BENCH_TRACE_SAVE keeps the steady phase's CPU profile beside its trace (DevTools opens a .cpuprofile).
  if (steadyProfile && process.env.BENCH_TRACE_SAVE)
    writeFileSync(`${process.env.BENCH_TRACE_SAVE}-steady.cpuprofile`, JSON.stringify(steadyProfile));
  // A cycle starts INTERVAL_MS after the last one ended, so a shorter pause between two requests (a slow answer on a
  // loaded machine) is within one cycle. The poller's requests only: the shell's connection check is sent by the page.
  const CYCLE_GAP_MS = INTERVAL_MS * 0.75;
  const steadyCycles = cyclesOf(
    steadyTrace.requests.filter((r) => !r.fromPage),
    CYCLE_GAP_MS,
  );
  const cycles = Math.max(1, steadyCycles.length);
  const longSteady = await longestSinceReset(page);
  const steadyMs = Date.now() - since;
  const steadyCost = await overviewCost(page);
  const costLine = (all: Record<string, number>, per: number) => {
    // Times only: a count (measure-cost.ts's countWork) is named "… count".
    const c = Object.fromEntries(Object.entries(all).filter(([k]) => !k.endsWith(' count')));
    const counts = Object.entries(all).filter(([k]) => k.endsWith(' count'));
    return `${(Object.values(c).reduce((a, b) => a + b, 0) / per).toFixed(2)} ms (${Object.entries(c)
      .map(([k, v]) => `${k.slice(10)} ${(v / per).toFixed(2)}`)
      .join(', ')})${counts.map(([k, v]) => `; ${k.slice(10)} ${(v / per).toFixed(1)}`).join('')}`;
  };

  const takeWrites = () =>
    page.evaluate(() => {
      const w = window as unknown as { domWrites: Record<string, number> };
      const taken = w.domWrites;
      w.domWrites = {};
      return taken;
    });
  const steadyWrites = process.env.BENCH_DESCRIBE ? await takeWrites() : null;
  // Baseline: the same time with polling off (only the 1 s clock re-renders), to isolate a poll update's cost.
  await page.getByLabel('Check every').selectOption('0');
  await page.waitForTimeout(500);
  if (process.env.BENCH_DESCRIBE) await takeWrites();
  const profileIdle = process.env.BENCH_PROFILE === 'idle';
  if (profileIdle) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  const idle0 = await metric(cdp, 'TaskDuration');
  const idleGrowth = sampleGrowth();
  await page.waitForTimeout(steadyMs);
  const idleGrown = await idleGrowth?.stop();
  if (idleGrown) console.log(`heaps over the same time with polling off: ${idleGrown}`);
  const idle1 = await metric(cdp, 'TaskDuration');
  const idleWrites = process.env.BENCH_DESCRIBE ? await takeWrites() : null;
  if (profileIdle) printProfile((await cdp.send('Profiler.stop')).profile, 30);
  const busyMinusIdleMs = ((busy1 - busy0 - (idle1 - idle0)) * 1000) / cycles;
  // Per poll update, the main thread's busy time from its first request to the quiet after its last answer (a trace).
  if (allocations) printAllocations(allocations.head, cycles, 25);
  const updates = steadyCycles.slice(1).flatMap((c) => updateCost(steadyTrace.tasks, c) ?? []);
  const updateMs = median(updates.map((u) => u.busyMs));
  // BENCH_DESCRIBE=1: where the update windows' time goes, from the trace alone (no profiler slowing the page).
  if (steadyProfile || process.env.BENCH_DESCRIBE)
    for (const line of describeUpdates(steadyTrace, updates, steadyProfile ?? undefined)) console.log(line);
  if (grown) console.log(`heaps over the steady phase (${cycles} updates): ${grown}`);
  if (process.env.BENCH_DESCRIBE) {
    console.log(`DOM writes per cycle by region: ${writesByRegion(steadyWrites!, cycles)}`);
    // With polling off, what the clock alone writes (the background every key and update is measured over).
    console.log(`DOM writes per second with polling off, by region: ${writesByRegion(idleWrites!, steadyMs / 1000)}`);
  }
  const spread = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
  const domNodes = await metric(cdp, 'Nodes');
  // BENCH_HEAP=1: what the page keeps at this scale, by constructor (a snapshot collects garbage first: later figures move).
  // With BENCH_TRACE_SAVE the snapshot is kept beside the traces.
  const heapFile = process.env.BENCH_TRACE_SAVE ? `${process.env.BENCH_TRACE_SAVE}.heapsnapshot` : undefined;
  if (process.env.BENCH_HEAP) await printHeapByConstructor(cdp, heapFile);

  step('scrolling');
  // Polling back on, as an operator scrolls: updates land among the scroll frames and redraw the live rows in view
  // (until the fourth round the scroll phase ran with polling still off from the idle baseline).
  await page.getByLabel('Check every').selectOption(String(INTERVAL_MS));
  await page.waitForTimeout(INTERVAL_MS + 500);
  // BENCH_PROFILE=scroll: the functions with the most self time while scrolling.
  const profileScroll = process.env.BENCH_PROFILE === 'scroll';
  if (profileScroll) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  // BENCH_DESCRIBE=1: the scroll phase traced too, its scroll steps and late tasks described, its DOM writes by column.
  const stopScrollTrace = process.env.BENCH_DESCRIBE ? await startTrace(browser, page) : null;
  if (process.env.BENCH_DESCRIBE) await page.evaluate(countWritesByColumn);
  const scroll = await measureScroll(page, 'Watched tasks');
  const scrollProfile = profileScroll ? (await cdp.send('Profiler.stop')).profile : undefined;
  if (scrollProfile) printProfile(scrollProfile, 30);
  if (stopScrollTrace) {
    for (const line of describeScroll(await stopScrollTrace(), scrollProfile)) console.log(line);
    console.log(
      `DOM writes while scrolling, by column: ${writesOf(await page.evaluate(() => (window as unknown as { columnWrites: Record<string, number> }).columnWrites))}`,
    );
  }
  const heapMb = (await metric(cdp, 'JSHeapUsedSize')) / 1e6;
  const longestTaskMs = await longestOverall(page);
  // --query: typed into the query box, then poll updates with it on and with none (after the whole-run figures, so its own long tasks are its own).
  const pageQueries = [];
  for (const [i, q] of [...typedQueries.map((q) => [q, false] as const), ...pastedQueries.map((q) => [q, true] as const)].entries()) {
    step(`query box: ${q[1] ? 'pasting' : 'typing'} ${q[0].slice(0, 60)}`);
    pageQueries.push(
      await measureQueryInPage(browser, page, q[0], INTERVAL_MS, {
        pasted: q[1],
        // Poll updates with the query on and with none: for the first query only (a minute each).
        pollUpdates: i === 0,
        profileUpdates: process.env.BENCH_PROFILE === 'query-updates',
        profile: profileQuery
          ? {
              // Sampled every 100 µs (the default, ~1 ms, leaves a 20 ms filter slice a handful of samples).
              start: () =>
                cdp
                  .send('Profiler.enable')
                  .then(() => cdp.send('Profiler.setSamplingInterval', { interval: 100 }))
                  .then(() => cdp.send('Profiler.start')),
              stop: async () => {
                const { profile } = await cdp.send('Profiler.stop');
                printProfile(profile, 30);
                // BENCH_TRACE_SAVE keeps each query's CPU profile too (DevTools opens a .cpuprofile).
                if (process.env.BENCH_TRACE_SAVE)
                  writeFileSync(`${process.env.BENCH_TRACE_SAVE}-query-${i}.cpuprofile`, JSON.stringify(profile));
              },
            }
          : undefined,
      }),
    );
  }
  // --paste: the same IDs pasted, imported from a file and opened as a share link, each into an empty list (this page closed first, so its polling does not compete).
  const paste = flags.paste
    ? await page.close().then(() => measurePaste(() => openTasksPage(browser, base, seedProfileScript(user)), ids))
    : null;
  await browser.close();

  // The median cycle: the trace may cut the first or last one short.
  const requestsPerCycle = median(steadyCycles.map((c) => c.length));
  const rows: Array<[string, string]> = [
    ['watched tasks (live)', `${fmt(WATCHED)} (${fmt(LIVE)})`],
    ['first cycle: requests, largest batch (naive: one per task)', `${firstCycleRequests}, ${firstBatchMax} (${fmt(WATCHED)})`],
    [
      'status requests that failed (trace; as Playwright saw them)',
      `${[...firstTrace.requests, ...steadyTrace.requests].filter((r) => r.failed).length}; ${failedAnswers.length ? `${failedAnswers.length} (${[...new Set(failedAnswers)].join(', ')})` : '0'}`,
    ],
    ['first cycle: load to all rows known', `${fmt(firstCycleMs)} ms`],
    ...(reopened
      ? ([
          ['reopened over its history: load to all rows known', `${fmt(reopened.loadMs)} ms`],
          [
            '  longest task, load and first cycle included: trace (its CPU) / PerformanceObserver',
            `${reopened.longestMs.toFixed(0)} ms (${reopened.longestCpuMs.toFixed(0)}) / ${reopened.observedLongestMs.toFixed(0)} ms`,
          ],
          [
            `  records written in the ${REOPEN_WATCH_MS / 1000} s after (of ${fmt(WATCHED)}), their writes' main-thread time`,
            `${fmt(reopened.written)}, ${reopened.writeMs.toFixed(0)} ms`,
          ],
        ] as Array<[string, string]>)
      : []),
    ['longest task during first cycle', `${longFirst.toFixed(0)} ms`],
    [
      '  in the trace: longest (its CPU), most CPU in one task',
      `${(firstLongest.end - firstLongest.start).toFixed(0)} ms (${firstLongest.cpu.toFixed(0)}), ${firstCpuLongest.toFixed(0)} ms; tasks over 50 ms: ${firstTrace.tasks.filter((t) => t.end - t.start > 50).length} (CPU over 50 ms: ${firstTrace.tasks.filter((t) => t.cpu > 50).length})`,
    ],
    ['longest task while the history is first written', `${longHistory.toFixed(0)} ms`],
    ['steady cycle: requests, median (goal ceil(live/100))', `${requestsPerCycle.toFixed(1)} (${Math.ceil(LIVE / 100)})`],
    [
      'steady: main-thread time per poll update (median, range)',
      `${updateMs.toFixed(1)} ms (${spread(updates.map((u) => u.busyMs))}) over ${updates.length} updates; CPU ${median(updates.map((u) => u.cpuMs)).toFixed(1)} ms (${spread(updates.map((u) => u.cpuMs))}); window ${median(updates.map((u) => u.windowMs)).toFixed(0)} ms`,
    ],
    [
      '  updates holding a major collection; every update less it (median, range)',
      `${updates.filter((u) => u.majorGcMs > 0).length} of ${updates.length}; ${median(updates.map((u) => u.busyMs - u.majorGcMs)).toFixed(1)} ms (${spread(updates.map((u) => u.busyMs - u.majorGcMs))})`,
    ],
    ['  the same, as busy minus idle (last round)', `${busyMinusIdleMs.toFixed(1)} ms`],
    [
      'main-thread busy, polling vs idle',
      `${(((busy1 - busy0) * 1000) / (steadyMs / 1000)).toFixed(0)} vs ${(((idle1 - idle0) * 1000) / (steadyMs / 1000)).toFixed(0)} ms per s`,
    ],
    [
      '  of which script / layout / style',
      parts.map((_, i) => `${(((parts1[i]! - parts0[i]!) * 1000) / cycles).toFixed(1)}`).join(' / ') + ' ms per cycle (before baseline)',
    ],
    ['overview: first cycle (history of every task, first write)', costLine(firstCost, 1)],
    ['overview: cost per steady poll update', costLine(steadyCost, cycles)],
    ['longest task in steady state', `${longSteady.toFixed(0)} ms`],
    [
      `scrolling (${scroll.frames} frames): p95 / worst frame`,
      `${scroll.p95FrameMs.toFixed(1)} (${scroll.p95Frames} display frame${scroll.p95Frames === 1 ? '' : 's'} of ${scroll.displayFrameMs.toFixed(1)}) / ${scroll.worstFrameMs.toFixed(1)} ms (p99 ${scroll.p99FrameMs.toFixed(1)}; ${scroll.framesOver20Ms} frames over 20 ms), longest task ${scroll.longestTaskMs.toFixed(0)} ms`,
    ],
    ['longest task over the whole run', `${longestTaskMs.toFixed(0)} ms`],
    ['JS heap used', `${heapMb.toFixed(1)} MB`],
    ['DOM nodes', String(domNodes)],
    ...pageQueries.flatMap(pageQueryRows),
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n| ${'metric'.padEnd(w)} | value |\n|${'-'.repeat(w + 2)}|-------|`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(w)} | ${v} |`);
  const round = (n: number) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify({
      watched: WATCHED,
      live: LIVE,
      requestsPerCycle: round(requestsPerCycle),
      updateMs: round(updateMs),
      longestTaskMs: round(longestTaskMs),
      firstCycleMs,
      scrollP95FrameMs: round(scroll.p95FrameMs),
      scrollP95Frames: scroll.p95Frames,
      scrollP99FrameMs: round(scroll.p99FrameMs),
      scrollFramesOver20Ms: scroll.framesOver20Ms,
      heapMB: round(heapMb),
      ...paste,
      ...(queryFigures.length && { query: queryFigures }),
      ...(pageQueries.length && { pageQuery: pageQueries }),
    }),
  );
} finally {
  clearTimeout(deadline);
  cleanup();
}
