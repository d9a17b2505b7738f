// The query box in the real dashboard (Chromium, the built console): the work each keystroke sets off
// while a query is typed, and the main thread's time per poll update with that query on, beside the same
// with no query, measured back to back. Traces of the page's main thread (main-thread-trace.ts) and the
// long tasks its PerformanceObserver saw (dashboard-page.ts).
import type { Browser, Page } from '@playwright/test';
import { majorCollectionIn } from './major-collections';
import {
  cyclesOf,
  describeUpdates,
  median,
  percentile,
  startTrace,
  updateCost,
  type MainTask,
  type MainThreadTrace,
} from './main-thread-trace';
import { longestSinceReset, resetProbe } from './dashboard-page';
import { readKeyLatency, startKeyLatencyProbe, type KeyLatencyFigures } from './key-latency';

/** A brisk typist's gap between keys: under the box's commit delay (250 ms), so a term filters when the typist pauses. */
const KEY_GAP_MS = 120;
/** The pause after each term (after its space): the box commits, the list filters. */
const TERM_PAUSE_MS = 500;
/** The idle page traced before the first key: its background (the 1 s clock, the history's idle work) per ms of a key's window. */
const IDLE_MS = 2_000;
/** Poll updates traced per side (the first, perhaps cut short, is left out). */
const CYCLES = 7;

type PageQueryFigures = {
  query: string;
  /** Typed key by key, or pasted in one input event (`--query-paste`). */
  pasted: boolean;
  keys: number;
  /** Per key (its window, as keyP95Ms): main-thread busy and CPU ms, median / p95 / max, and the longest task's CPU. */
  keyP50Ms: number;
  keyCpuP50Ms: number;
  keyCpuMaxMs: number;
  keyLongestTaskCpuMs: number;
  /**
   * The same per key, less the idle page's background over the window's length (a commit's window is its 500 ms pause,
   * the last key's 1.5 s, and the 1 s clock ticks in them): CPU and busy ms, p50 / p95 / max, and that background per s.
   */
  net: { busyP50Ms: number; busyP95Ms: number; busyMaxMs: number; cpuP50Ms: number; cpuP95Ms: number; cpuMaxMs: number };
  idleBusyPerSMs: number;
  idleCpuPerSMs: number;
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
  /** Each committing key's window, in the order typed (the max alone does not say which term it was). */
  commitsMs: number[];
  /** Of each committed key's busy time, the major collections (V8's marking steps and finalization, Blink's sweeping after). */
  commitsMajorGcMs: number[];
  /** Each key's busy time less the major collections in its window: p95 and max. */
  keyOwnP95Ms: number;
  keyOwnMaxMs: number;
  /** Keys whose window held a step of a major collection, and why those collections started (V8's gc_reason). */
  keysWithMajorGc: number;
  majorGcReasons: string[];
  shown: string;
  /** Poll updates with the query on and with none (measured for the first query only; 0 updates when not). */
  updateWithQueryMs: number;
  updateWithQueryCpuMs: number;
  updatesWithQuery: number;
  updateNoQueryMs: number;
  updateNoQueryCpuMs: number;
  updatesNoQuery: number;
  /** What the operator sees: each key's latency to its frame, each term's to its rows (key-latency.ts). */
  latency: KeyLatencyFigures;
};

const dispatches = (type: string) => (t: MainTask) =>
  t.inside.some((e) => e.name === 'EventDispatch' && (e.args?.data as { type?: string } | undefined)?.type === type);

/** Per key: the tasks from its keydown to the next keydown (the last key: to the end of the trace); a paste has no keydown, only its input event. */
function keyWindows(trace: MainThreadTrace, pasted: boolean) {
  const starts = trace.tasks.filter(dispatches(pasted ? 'input' : 'keydown')).map((t) => t.start);
  const traceEnd = Math.max(0, ...trace.tasks.map((t) => t.end));
  // The idle page before the first key (IDLE_MS): its background per ms.
  const idle = trace.tasks.filter((t) => t.start >= (starts[0] ?? 0) - IDLE_MS && t.start < (starts[0] ?? 0));
  const idleBusy = idle.reduce((n, t) => n + t.end - t.start, 0) / IDLE_MS;
  const idleCpu = idle.reduce((n, t) => n + t.cpu, 0) / IDLE_MS;
  const windows = starts.map((start, i) => {
    const end = starts[i + 1] ?? traceEnd;
    const tasks = trace.tasks.filter((t) => t.start >= start && t.start < end);
    const busyMs = tasks.reduce((n, t) => n + t.end - t.start, 0);
    const cpuMs = tasks.reduce((n, t) => n + t.cpu, 0);
    const major = majorCollectionIn(tasks);
    return {
      start,
      end,
      windowMs: end - start,
      busyMs,
      cpuMs,
      netBusyMs: Math.max(0, busyMs - idleBusy * (end - start)),
      netCpuMs: Math.max(0, cpuMs - idleCpu * (end - start)),
      longestMs: Math.max(0, ...tasks.map((t) => t.end - t.start)),
      longestCpuMs: Math.max(0, ...tasks.map((t) => t.cpu)),
      majorGcMs: major.ms,
      majorGcReasons: major.reasons,
    };
  });
  return { windows, idleBusyPerSMs: idleBusy * 1000, idleCpuPerSMs: idleCpu * 1000 };
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
  {
    profile,
    profileUpdates = false,
    pasted = false,
    pollUpdates: withUpdates = true,
  }: { profile?: TypingProfile; profileUpdates?: boolean; pasted?: boolean; pollUpdates?: boolean } = {},
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
  await startKeyLatencyProbe(page);
  const stop = await startTrace(browser, page);
  await page.waitForTimeout(IDLE_MS + 100);
  if (!profileUpdates) await profile?.start();
  const terms = pasted ? [query] : query.split(' ');
  // A paste: the whole text in one input event (as Ctrl+V), then the pause in which the box commits.
  if (pasted) await page.keyboard.insertText(query);
  else
    for (const [i, term] of terms.entries()) {
      // The keyboard, not the locator: resolving a locator runs Playwright's own script in the page (a walk for roles), which
      // would land in the previous key's window and be counted as the commit's work.
      await page.keyboard.type(i < terms.length - 1 ? `${term} ` : term, { delay: KEY_GAP_MS });
      await page.waitForTimeout(TERM_PAUSE_MS);
    }
  // The last term's commit and the error pause.
  await page.waitForTimeout(1_000);
  if (!profileUpdates) await profile?.stop();
  const trace = await stop();
  const observedLongTaskMs = await longestSinceReset(page);
  const { windows, idleBusyPerSMs, idleCpuPerSMs } = keyWindows(trace, pasted);
  // A window holding a commit: after a term's last key (a space, or the query's last key).
  const commitAt = new Set<number>();
  let k = -1;
  if (pasted) commitAt.add(0);
  else for (const [i, term] of terms.entries()) commitAt.add((k += term.length + (i < terms.length - 1 ? 1 : 0)));
  const committed = windows.filter((_, i) => commitAt.has(i));
  const latency = await readKeyLatency(page, commitAt);
  const commits = committed.map((w) => w.busyMs);
  const commitsMajorGc = committed.map((w) => w.majorGcMs);
  // Every window's busy time less the major collections in it: the page's own work per key.
  const ownWork = windows.map((w) => w.busyMs - w.majorGcMs);
  const majorGcReasons = [...new Set(windows.flatMap((w) => w.majorGcReasons))];
  // BENCH_DESCRIBE=1: where the committing keys' windows' time goes (trace events by name, per window).
  if (process.env.BENCH_DESCRIBE)
    console.log([`${query.slice(0, 60)}, per committing key:`, ...describeUpdates(trace, committed)].join('\n'));
  const typing = windows.filter((_, i) => !commitAt.has(i)).map((w) => w.busyMs);
  const shown = (await page.getByRole('heading', { level: 2, name: /^Watch list/ }).textContent()) ?? '';

  const none = { ms: 0, cpuMs: 0, count: 0 };
  let withQuery = none;
  let noQuery = none;
  if (withUpdates) {
    await checkEvery.selectOption(String(intervalMs));
    await page.waitForTimeout(intervalMs + 500);
    if (profileUpdates) await profile?.start();
    withQuery = await pollUpdates(browser, page, intervalMs);
    if (profileUpdates) await profile?.stop();
  }
  await box.fill('');
  await box.press('Enter');
  if (withUpdates) {
    await page.waitForTimeout(intervalMs + 500);
    noQuery = await pollUpdates(browser, page, intervalMs);
  }
  await checkEvery.selectOption('0');
  const busy = windows.map((w) => w.busyMs);
  const cpu = windows.map((w) => w.cpuMs);
  return {
    query,
    pasted,
    keys: windows.length,
    keyP50Ms: percentile(busy, 0.5),
    keyCpuP50Ms: percentile(cpu, 0.5),
    keyCpuMaxMs: Math.max(0, ...cpu),
    keyLongestTaskCpuMs: Math.max(0, ...windows.map((w) => w.longestCpuMs)),
    net: {
      busyP50Ms: percentile(
        windows.map((w) => w.netBusyMs),
        0.5,
      ),
      busyP95Ms: percentile(
        windows.map((w) => w.netBusyMs),
        0.95,
      ),
      busyMaxMs: Math.max(0, ...windows.map((w) => w.netBusyMs)),
      cpuP50Ms: percentile(
        windows.map((w) => w.netCpuMs),
        0.5,
      ),
      cpuP95Ms: percentile(
        windows.map((w) => w.netCpuMs),
        0.95,
      ),
      cpuMaxMs: Math.max(0, ...windows.map((w) => w.netCpuMs)),
    },
    idleBusyPerSMs,
    idleCpuPerSMs,
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
    commitsMs: commits,
    commitsMajorGcMs: commitsMajorGc,
    keyOwnP95Ms: percentile(ownWork, 0.95),
    keyOwnMaxMs: Math.max(0, ...ownWork),
    keysWithMajorGc: windows.filter((w) => w.majorGcMs > 0).length,
    majorGcReasons,
    shown: shown.replace(/^Watch list\s*/, ''),
    updateWithQueryMs: withQuery.ms,
    updateWithQueryCpuMs: withQuery.cpuMs,
    updatesWithQuery: withQuery.count,
    updateNoQueryMs: noQuery.ms,
    updateNoQueryCpuMs: noQuery.cpuMs,
    updatesNoQuery: noQuery.count,
    latency,
  };
}

/** The figures as rows of the bench's table. */
export function pageQueryRows(f: PageQueryFigures): Array<[string, string]> {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  // Event Timing's floor: a key it did not report, counted as 16, took less.
  const atMost16 = (n: number) => (n <= 16 ? '≤ 16 ms' : ms(n));
  return [
    [`query box in the page, ${f.pasted ? 'pasted' : 'typed'}: query (rows shown)`, `${f.query} ${f.shown}`],
    [`  per key (${f.keys}), main-thread busy: p50 / p95 / max`, `${ms(f.keyP50Ms)} / ${ms(f.keyP95Ms)} / ${ms(f.keyMaxMs)}`],
    ['  the same in CPU time: p50 / p95 / max', `${ms(f.keyCpuP50Ms)} / ${ms(f.keyCpuP95Ms)} / ${ms(f.keyCpuMaxMs)}`],
    [
      `  less the idle page's background (${ms(f.idleCpuPerSMs)} CPU per s): busy, CPU p50 / p95 / max`,
      `${ms(f.net.busyP50Ms)} / ${ms(f.net.busyP95Ms)} / ${ms(f.net.busyMaxMs)}; ${ms(f.net.cpuP50Ms)} / ${ms(f.net.cpuP95Ms)} / ${ms(f.net.cpuMaxMs)}`,
    ],
    [
      '  longest task while typing: trace (its CPU) / PerformanceObserver longtask',
      `${ms(f.keyLongestTaskMs)} (${ms(f.keyLongestTaskCpuMs)}) / ${ms(f.observedLongTaskMs)}`,
    ],
    ['  keys that only edit the box (no commit in their window): p95 / max', `${ms(f.typingP95Ms)} / ${ms(f.typingMaxMs)}`],
    [
      '  a term committed (the list filters after a pause): median / max',
      `${ms(f.commitMedianMs)} / ${ms(f.commitMaxMs)} (each: ${f.commitsMs.map((c, i) => `${c.toFixed(1)}${f.commitsMajorGcMs[i] ? ` with ${f.commitsMajorGcMs[i]!.toFixed(1)} of major GC` : ''}`).join(', ')})`,
    ],
    [
      `  major collections (V8 and Blink's sweep): keys whose window held one (why they started); every key less them: p95 / max`,
      `${f.keysWithMajorGc} of ${f.keys}${f.majorGcReasons.length ? ` (${f.majorGcReasons.join(', ')})` : ''}; ${ms(f.keyOwnP95Ms)} / ${ms(f.keyOwnMaxMs)}`,
    ],
    // A paste has no keys: its figures are the busy time's alone.
    ...(f.pasted
      ? []
      : ([
          [
            '  each key to its frame (Event Timing, which reports 16 ms and over): keys at 16+ / over 50; p50 / p95 / max',
            `${f.latency.keysOver16} / ${f.latency.keysOver50} of ${f.latency.keys}; ${[f.latency.keyP50Ms, f.latency.keyP95Ms, f.latency.keyMaxMs].map(atMost16).join(' / ')}`,
          ],
          [
            "  each term's last key to its rows' frame (the box's 250 ms wait included)",
            f.latency.termsMs.map((t) => (t === null ? 'the count did not change' : ms(t))).join(', '),
          ],
        ] as Array<[string, string]>)),
    ...(f.updatesWithQuery + f.updatesNoQuery > 0
      ? ([
          [
            '  per poll update, with the query vs none (median; CPU)',
            `${ms(f.updateWithQueryMs)} (${ms(f.updateWithQueryCpuMs)}) over ${f.updatesWithQuery} vs ${ms(f.updateNoQueryMs)} (${ms(f.updateNoQueryCpuMs)}) over ${f.updatesNoQuery}`,
          ],
        ] as Array<[string, string]>)
      : []),
  ];
}
