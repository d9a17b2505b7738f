// Paste, file import and share link of many task IDs on the built console's /tasks: the longest
// main-thread task on each path and the time until the board counts every ID ("of N finished").
// Used by bench-dashboard.ts (--paste) and bench-paste.ts; each path starts from an empty watch list
// (a fresh browser context, so a fresh IndexedDB).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Browser, Locator, Page } from '@playwright/test';

/** Records every long task (buffered, so ones before the first script count too) into window.longTasks. */
export const longTaskObserverScript = `
  window.longTasks = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.longTasks.push({ at: e.startTime, ms: e.duration })))
    .observe({ type: 'longtask', buffered: true });
`;

type LongTask = { at: number; ms: number };
export type PasteFigures = {
  pasteInputLongestTaskMs: number;
  pasteAddLongestTaskMs: number;
  pasteLongestTaskMs: number;
  pasteMs: number;
  importLongestTaskMs: number;
  importMs: number;
  shareLinkChars: number;
  shareLongestTaskMs: number | null;
  shareMs: number | null;
  shareNote: string;
};

// Chromium refuses to navigate to URLs longer than this (url/url_constants: kMaxURLChars).
const CHROMIUM_MAX_URL_CHARS = 2 * 1024 * 1024;

async function longestSince(page: Page, since: number): Promise<number> {
  const tasks = await page.evaluate((t) => (window as unknown as { longTasks: LongTask[] }).longTasks.filter((l) => l.at >= t), since);
  if (process.env.BENCH_VERBOSE) console.log('long tasks', tasks.map((l) => `${Math.round(l.at - since)}:${Math.round(l.ms)}`).join(' '));
  return Math.max(0, ...tasks.map((l) => l.ms));
}
const pageNow = (page: Page) => page.evaluate(() => performance.now());
const round = (ms: number) => Math.round(ms);

/** `count` finished tasks of `user` on the embedded gateway at `base`, 1,000 per emulator call. */
export async function createBenchTasks(base: string, user: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let left = count; left > 0; left -= 1000) {
    const res = await fetch(`${base}/api/_emulator/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': user },
      body: JSON.stringify({ count: Math.min(1000, left), durationMs: 500, outcome: 'finished' }),
    });
    ids.push(...((await res.json()) as { data: { taskIds: string[] } }).data.taskIds);
  }
  return ids;
}

/** /tasks in a fresh context (empty IndexedDB) with `seedScript` (the active profile) and the long-task observer. */
export async function openTasksPage(browser: Browser, base: string, seedScript: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.addInitScript(seedScript);
  await context.addInitScript(longTaskObserverScript);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  await page.goto(`${base}/tasks`);
  await page.getByLabel('Task IDs').waitFor();
  return page;
}

/** The packed fragment exactly as share-codec.ts's packIds makes it (deflate-raw of newline-joined IDs, base64url). */
export function shareFragment(ids: readonly string[]): string {
  return `ids=${deflateRawSync(ids.join('\n')).toString('base64url')}`;
}

type Profile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
};

/** The busy stretches (no idle sample) over 50 ms in a CPU profile, each with the functions that spent most of it. */
function printProfile({ nodes, samples = [], timeDeltas = [] }: Profile) {
  const byId = new Map(nodes.map((n) => [n.id, n.callFrame]));
  let run = new Map<string, number>();
  let runMs = 0;
  const flush = () => {
    if (runMs > 50) {
      const top = [...run].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`busy ${runMs.toFixed(0)} ms: ${top.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ')}`);
    }
    run = new Map();
    runMs = 0;
  };
  samples.forEach((id, i) => {
    const f = byId.get(id)!;
    const ms = (timeDeltas[i + 1] ?? 0) / 1000;
    if (f.functionName === '(idle)') return flush();
    const key = `${f.functionName || '(anonymous)'}@${f.url.split('/').pop()?.split('-')[0]}:${f.lineNumber}`;
    run.set(key, (run.get(key) ?? 0) + ms);
    runMs += ms;
  });
  flush();
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown> };
};
type ChunkData = {
  cpuProfile?: { nodes?: Array<Profile['nodes'][number] & { parent?: number }>; samples?: number[] };
  timeDeltas?: number[];
  startTime?: number;
};

/** The main thread's JS samples in a trace (its 'Profile'/'ProfileChunk' events), each as [trace time, function]. */
function traceSamples(events: TraceEvent[], mainTid: number | undefined): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  for (const profile of events.filter((e) => e.name === 'Profile' && e.tid === mainTid)) {
    const frames = new Map<number, string>();
    let t = Number((profile.args?.data as ChunkData | undefined)?.startTime ?? profile.ts);
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
      const data = (chunk.args?.data ?? {}) as ChunkData;
      for (const n of data.cpuProfile?.nodes ?? []) {
        const name = `${n.callFrame.functionName || '(anonymous)'}@${(n.callFrame.url ?? '').split('/').pop()?.split('-')[0]}:${n.callFrame.lineNumber}`;
        // BENCH_TRACE_ALL: each function with its caller, to see who calls a native function.
        frames.set(n.id, process.env.BENCH_TRACE_ALL && n.parent !== undefined ? `${name}<${frames.get(n.parent)?.split('<')[0]}` : name);
      }
      (data.cpuProfile?.samples ?? []).forEach((id, i) => {
        t += data.timeDeltas?.[i] ?? 0;
        out.push([t, frames.get(id) ?? '?']);
      });
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/**
 * BENCH_TRACE=paste|import|share (or several, comma-separated): each main-thread task over 50 ms,
 * when it began, its top-level events and the functions with the most JS self time inside it.
 */
async function startTrace(page: Page): Promise<() => Promise<void>> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'],
  });
  return async () => {
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const main = traceEvents.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
    const onMain = traceEvents.filter((e) => e.ph === 'X' && e.tid === main?.tid && e.dur !== undefined);
    const samples = traceSamples(traceEvents, main?.tid);
    const t0 = onMain[0]?.ts ?? 0;
    const over = Number(process.env.BENCH_TRACE_MS ?? 50) * 1000;
    for (const task of onMain.filter((e) => e.name === 'RunTask' && e.dur! > over)) {
      const end = task.ts + task.dur!;
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
      const top = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && o.dur! > e.dur!));
      const label = (e: TraceEvent) => {
        const d = e.args?.data ?? {};
        const what = [d.functionName, d.type].filter(Boolean).join(' ');
        return `${e.name}${what ? `(${what})` : ''} ${(e.dur! / 1000).toFixed(0)}`;
      };
      const self = new Map<string, number>();
      const within = samples.filter(([t]) => t >= task.ts && t <= end);
      within.forEach(([t, f], i) => self.set(f, (self.get(f) ?? 0) + ((within[i + 1]?.[0] ?? end) - t) / 1000));
      if (process.env.BENCH_TRACE_ALL)
        for (const e of inside.filter((x) => x.dur! > 1_000)) {
          const depth = inside.filter((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur!).length;
          console.log(`${'  '.repeat(depth + 2)}${label(e)} ${JSON.stringify(e.args?.data ?? {}).slice(0, 200)}`);
        }
      const hot = [...self].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(
        `task at ${((task.ts - t0) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(0)} ms: ${top
          .filter((e) => e.dur! > (process.env.BENCH_TRACE_ALL ? 0 : 2_000))
          .map(label)
          .join(', ')}\n    self: ${hot.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(', ')}`,
      );
    }
  };
}

/** BENCH_PROFILE=paste|import|share (or several, comma-separated): a CPU profile of that path; the returned function prints it. */
async function startProfile(page: Page, path: string): Promise<() => Promise<void>> {
  const named = (v: string | undefined) => (v ?? '').split(',').includes(path);
  if (named(process.env.BENCH_TRACE)) return startTrace(page);
  if (!named(process.env.BENCH_PROFILE)) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => printProfile((await cdp.send('Profiler.stop')).profile);
}

async function expectEnabled(button: Locator): Promise<void> {
  await button
    .page()
    .waitForFunction((el) => el instanceof HTMLButtonElement && !el.disabled, await button.elementHandle(), { timeout: 180_000 });
}

async function waitForAll(page: Page, count: number): Promise<void> {
  await page.getByText(new RegExp(`^\\d+ of ${count} finished`)).waitFor({ timeout: 180_000 });
}

/**
 * `openTasks` gives a page on /tasks of a fresh context (empty watch list, active profile seeded,
 * longTaskObserverScript installed), already loaded; `ids` exist on its gateway.
 */
export async function measurePaste(openTasks: () => Promise<Page>, ids: readonly string[]): Promise<PasteFigures> {
  const text = ids.join('\n');
  const dir = await mkdtemp(join(tmpdir(), 'bench-paste-file-'));
  const file = join(dir, 'ids.txt');
  await writeFile(file, text);

  // Paste: Ctrl+V from the clipboard into the field (as an operator does), then Add.
  let page = await openTasks();
  let stopProfile: () => Promise<void>;
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.getByLabel('Task IDs').focus();
  await page.waitForTimeout(1_000);
  let t0 = await pageNow(page);
  const started = Date.now();
  stopProfile = await startProfile(page, 'paste');
  await page.keyboard.press('Control+V');
  const add = page.getByRole('button', { name: 'Add to watch list' });
  await expectEnabled(add);
  const pasteInputLongestTaskMs = await longestSince(page, t0);
  const t1 = await pageNow(page);
  await add.click();
  await waitForAll(page, ids.length);
  const pasteMs = Date.now() - started;
  const pasteAddLongestTaskMs = await longestSince(page, t1);
  const pasteLongestTaskMs = await longestSince(page, t0);
  await stopProfile();
  await page.context().close();

  // Import from a file.
  page = await openTasks();
  await page.waitForTimeout(1_000);
  t0 = await pageNow(page);
  stopProfile = await startProfile(page, 'import');
  const importStart = Date.now();
  // From a path: a buffer would be rebuilt from base64 by Playwright's script inside the page (~0.6 s of long task).
  await page.getByLabel('Import from file…').setInputFiles(file);
  await waitForAll(page, ids.length);
  const importMs = Date.now() - importStart;
  const importLongestTaskMs = await longestSince(page, t0);
  await stopProfile();
  const base = new URL(page.url()).origin;
  await page.context().close();
  await rm(dir, { recursive: true, force: true });

  // Share link: opened in the fresh tab, when Chromium can hold it at all.
  const link = `${base}/tasks#${shareFragment(ids)}`;
  let shareLongestTaskMs: number | null = null;
  let shareMs: number | null = null;
  let shareNote = `${link.length} characters`;
  if (link.length > CHROMIUM_MAX_URL_CHARS) shareNote += `: longer than Chromium's ${CHROMIUM_MAX_URL_CHARS} URL limit, not opened`;
  else {
    page = await openTasks();
    await page.waitForTimeout(1_000);
    t0 = await pageNow(page);
    stopProfile = await startProfile(page, 'share');
    const shareStart = Date.now();
    // Same document, new fragment: as when a link is pasted into the address bar of an open console
    // (Page.navigate, not page.goto: the console may take the link without the address changing, which goto would wait for).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.navigate', { url: link });
    await waitForAll(page, ids.length);
    shareMs = Date.now() - shareStart;
    shareLongestTaskMs = await longestSince(page, t0);
    await stopProfile();
    await page.context().close();
  }
  return {
    pasteInputLongestTaskMs: round(pasteInputLongestTaskMs),
    pasteAddLongestTaskMs: round(pasteAddLongestTaskMs),
    pasteLongestTaskMs: round(pasteLongestTaskMs),
    pasteMs,
    importLongestTaskMs: round(importLongestTaskMs),
    importMs,
    shareLinkChars: link.length,
    shareLongestTaskMs: shareLongestTaskMs === null ? null : round(shareLongestTaskMs),
    shareMs,
    shareNote,
  };
}
