// The query box in the real dashboard (Chromium, the built console): the work each keystroke sets off
// while a query is typed, and the main thread's time per poll update with that query on, beside the same
// with no query, measured back to back. Traces of the page's main thread (main-thread-trace.ts) and the
// long tasks its PerformanceObserver saw (dashboard-page.ts).
import type { Browser, Page } from '@playwright/test';
import { cyclesOf, median, percentile, startTrace, updateCost, type MainTask, type MainThreadTrace } from './main-thread-trace';
import { longestSinceReset, resetProbe } from './dashboard-page';

/** A brisk typist's gap between keys: under the box's commit delay (250 ms), so a term filters when the typist pauses. */
const KEY_GAP_MS = 120;
/** The pause after each term (after its space): the box commits, the list filters. */
const TERM_PAUSE_MS = 500;
/** Poll updates traced per side (the first, perhaps cut short, is left out). */
const CYCLES = 7;

type PageQueryFigures = {
  query: string;
  keys: number;
  /** Main-thread busy time from a keydown to the next (or to the end of the pause after a term). */
  keyP95Ms: number;
  keyMaxMs: number;
  keyCpuP95Ms: number;
  /** The longest single task in any key's window (trace), and the longest task the page's PerformanceObserver saw while typing. */
  keyLongestTaskMs: number;
  observedLongTaskMs: number;
  /** The keys whose window held no commit (the box and its suggestions alone): busy ms, p95 and max. */
  typingP95Ms: number;
  typingMaxMs: number;
  /** The windows that held a commit (the list filtering after a pause): busy ms, median and max. */
  commitMedianMs: number;
  commitMaxMs: number;
  shown: string;
  updateWithQueryMs: number;
  updateWithQueryCpuMs: number;
  updatesWithQuery: number;
  updateNoQueryMs: number;
  updateNoQueryCpuMs: number;
  updatesNoQuery: number;
};

const isKeydown = (t: MainTask) =>
  t.inside.some((e) => e.name === 'EventDispatch' && (e.args?.data as { type?: string } | undefined)?.type === 'keydown');

/** Per key: the tasks from its keydown to the next keydown (the last key: to the end of the trace). */
function keyWindows(trace: MainThreadTrace) {
  const starts = trace.tasks.filter(isKeydown).map((t) => t.start);
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? Infinity;
    const tasks = trace.tasks.filter((t) => t.start >= start && t.start < end);
    return {
      busyMs: tasks.reduce((n, t) => n + t.end - t.start, 0),
      cpuMs: tasks.reduce((n, t) => n + t.cpu, 0),
      longestMs: Math.max(0, ...tasks.map((t) => t.end - t.start)),
    };
  });
}

async function pollUpdates(browser: Browser, page: Page, intervalMs: number) {
  const stop = await startTrace(browser, page);
  await page.waitForTimeout(CYCLES * (intervalMs + 150));
  const trace = await stop();
  const cycles = cyclesOf(
    trace.requests.filter((r) => !r.fromPage),
    intervalMs * 0.75,
  );
  const updates = cycles.slice(1).flatMap((c) => updateCost(trace.tasks, c) ?? []);
  return { ms: median(updates.map((u) => u.busyMs)), cpuMs: median(updates.map((u) => u.cpuMs)), count: updates.length };
}

/** A CPU profile around the typing (BENCH_PROFILE=query). */
type TypingProfile = { start: () => Promise<unknown>; stop: () => Promise<unknown> };

export async function measureQueryInPage(
  browser: Browser,
  page: Page,
  query: string,
  intervalMs: number,
  profile?: TypingProfile,
): Promise<PageQueryFigures> {
  const box = page.getByRole('combobox', { name: 'Query' });
  const checkEvery = page.getByLabel('Check every');
  // Typing with polling off: what a keystroke sets off, not a poll update that happens to land.
  await checkEvery.selectOption('0');
  await box.fill('');
  await box.press('Enter');
  await page.waitForTimeout(1_000);
  await box.focus();
  await resetProbe(page);
  const stop = await startTrace(browser, page);
  await profile?.start();
  const terms = query.split(' ');
  for (const [i, term] of terms.entries()) {
    // The keyboard, not the locator: resolving a locator runs Playwright's own script in the page (a walk for roles), which
    // would land in the previous key's window and be counted as the commit's work.
    await page.keyboard.type(i < terms.length - 1 ? `${term} ` : term, { delay: KEY_GAP_MS });
    await page.waitForTimeout(TERM_PAUSE_MS);
  }
  // The last term's commit and the error pause.
  await page.waitForTimeout(1_000);
  await profile?.stop();
  const trace = await stop();
  const observedLongTaskMs = await longestSinceReset(page);
  const windows = keyWindows(trace);
  // A window holding a commit: after a term's last key (a space, or the query's last key).
  const commitAt = new Set<number>();
  let k = -1;
  for (const [i, term] of terms.entries()) commitAt.add((k += term.length + (i < terms.length - 1 ? 1 : 0)));
  const commits = windows.filter((_, i) => commitAt.has(i)).map((w) => w.busyMs);
  const typing = windows.filter((_, i) => !commitAt.has(i)).map((w) => w.busyMs);
  const shown = (await page.getByRole('heading', { level: 2, name: /^Watch list/ }).textContent()) ?? '';

  await checkEvery.selectOption(String(intervalMs));
  await page.waitForTimeout(intervalMs + 500);
  const withQuery = await pollUpdates(browser, page, intervalMs);
  await box.fill('');
  await box.press('Enter');
  await page.waitForTimeout(intervalMs + 500);
  const noQuery = await pollUpdates(browser, page, intervalMs);
  return {
    query,
    keys: windows.length,
    keyP95Ms: percentile(
      windows.map((w) => w.busyMs),
      0.95,
    ),
    keyMaxMs: Math.max(0, ...windows.map((w) => w.busyMs)),
    keyCpuP95Ms: percentile(
      windows.map((w) => w.cpuMs),
      0.95,
    ),
    keyLongestTaskMs: Math.max(0, ...windows.map((w) => w.longestMs)),
    observedLongTaskMs,
    typingP95Ms: percentile(typing, 0.95),
    typingMaxMs: Math.max(0, ...typing),
    commitMedianMs: median(commits),
    commitMaxMs: Math.max(0, ...commits),
    shown: shown.replace(/^Watch list\s*/, ''),
    updateWithQueryMs: withQuery.ms,
    updateWithQueryCpuMs: withQuery.cpuMs,
    updatesWithQuery: withQuery.count,
    updateNoQueryMs: noQuery.ms,
    updateNoQueryCpuMs: noQuery.cpuMs,
    updatesNoQuery: noQuery.count,
  };
}

/** The figures as rows of the bench's table. */
export function pageQueryRows(f: PageQueryFigures): Array<[string, string]> {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    ['query box in the page: query (rows shown)', `${f.query} ${f.shown}`],
    [`  per keystroke (${f.keys}), main-thread busy: p95 / max (CPU p95)`, `${ms(f.keyP95Ms)} / ${ms(f.keyMaxMs)} (${ms(f.keyCpuP95Ms)})`],
    ['  longest task while typing: trace / PerformanceObserver longtask', `${ms(f.keyLongestTaskMs)} / ${ms(f.observedLongTaskMs)}`],
    ['  keys that only edit the box (no commit in their window): p95 / max', `${ms(f.typingP95Ms)} / ${ms(f.typingMaxMs)}`],
    ['  a term committed (the list filters after a pause): median / max', `${ms(f.commitMedianMs)} / ${ms(f.commitMaxMs)}`],
    [
      '  per poll update, with the query vs none (median; CPU)',
      `${ms(f.updateWithQueryMs)} (${ms(f.updateWithQueryCpuMs)}) over ${f.updatesWithQuery} vs ${ms(f.updateNoQueryMs)} (${ms(f.updateNoQueryCpuMs)}) over ${f.updatesNoQuery}`,
    ],
  ];
}
