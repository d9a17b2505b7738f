// npm run bench:speech — the built console and the embedded gateway in a child process, driven by
// Chromium: click-to-playable time per text size and format, and the longest main-thread task
// while the waveform is drawn. Bounded: every step has a timeout and the whole run a deadline.
import { chromium, type Page } from '@playwright/test';
import { findChromium } from './lib/find-chromium.mjs';
import { seedProfileScript } from './lib/seed-profile';
import { startBenchServer } from './lib/start-server';

const SIZES = (process.env.BENCH_SIZES ?? '100,1000,5000').split(',').filter(Boolean).map(Number);
// Long texts go out in parts of at most 5,000 characters and come back as one audio.
const LONG_SIZES = (process.env.BENCH_LONG_SIZES ?? '20000,100000').split(',').filter(Boolean).map(Number);
const LONG_FORMATS = (process.env.BENCH_LONG_FORMATS ?? 'wav,mp3').split(',').filter(Boolean);
const LONG_TIMEOUT_MS = 10 * 60_000;
const FORMATS = ['pcm', 'wav', 'mp3'] as const;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const DEADLINE = Date.now() + 8 * 60_000 + LONG_SIZES.length * LONG_FORMATS.length * LONG_TIMEOUT_MS;
const STEP_TIMEOUT_MS = 60_000;
const SENTENCE = 'The console reads this sentence aloud so that the benchmark has realistic speech to time. ';

const { base, stop } = await startBenchServer('bench-speech-', { GATEWAY_TOKENS: 'dev-token' });

// Plain JavaScript on purpose: tsx would wrap named functions in a page callback with __name(),
// which does not exist in the page. Long tasks are reported only from 50 ms; the timer loop also
// catches shorter blocks (the gap between two ticks). Media events do not bubble, but a
// capturing listener on the document still sees them.
const PAGE_PROBES = `
  ${seedProfileScript('900000001')}
  window.bench = { clickAt: 0, playableAt: 0 };
  window.longTasks = [];
  window.gaps = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) =>
    window.longTasks.push({ start: e.startTime, end: e.startTime + e.duration }))).observe({ type: 'longtask' });
  let last = performance.now();
  window.setTimeout(function tick() {
    const now = performance.now();
    if (now - last > 8) window.gaps.push({ start: last, end: now });
    last = now;
    window.setTimeout(tick, 0);
  }, 0);
  document.addEventListener('click', (e) => {
    if (e.target.closest && e.target.closest('button[type=submit]')) window.bench.clickAt = performance.now();
  }, true);
  document.addEventListener('canplay', (e) => {
    if (e.target.closest('[aria-labelledby="result-title"]') && window.bench.playableAt === 0) window.bench.playableAt = performance.now();
  }, true);
`;

type Run = { playableMs: number; waveformMs: number; longestTaskMs: number; longestGapMs: number };

const text = (n: number) => SENTENCE.repeat(Math.ceil(n / SENTENCE.length)).slice(0, n);

async function once(page: Page, chars: number, format: string): Promise<Run> {
  await page.getByLabel('Text to synthesize').fill(text(chars));
  await page.getByRole('radio', { name: new RegExp(`^${format.toUpperCase()}`) }).check();
  await page.evaluate(() => {
    const w = window as unknown as { bench: Record<string, number> };
    w.bench = { clickAt: 0, playableAt: 0 };
    performance.clearMarks();
  });
  await page.getByRole('button', { name: 'Synthesize' }).click();
  await page.waitForFunction(
    () => {
      const b = (window as unknown as { bench: Record<string, number> }).bench;
      return (b.playableAt ?? 0) > 0 && performance.getEntriesByName('speech-waveform-drawn').length > 0;
    },
    undefined,
    { timeout: STEP_TIMEOUT_MS, polling: 50 },
  );
  return page.evaluate(() => {
    const w = window as unknown as {
      bench: Record<string, number>;
      longTasks: { start: number; end: number }[];
      gaps: { start: number; end: number }[];
    };
    const start = performance.getEntriesByName('speech-waveform-start').at(-1)!.startTime;
    const drawn = performance.getEntriesByName('speech-waveform-drawn').at(-1)!.startTime;
    const during = w.longTasks.filter((t) => t.end > start && t.start < drawn).map((t) => t.end - t.start);
    const gaps = w.gaps.filter((t) => t.end > start && t.start < drawn).map((t) => t.end - t.start);
    return {
      playableMs: w.bench.playableAt! - w.bench.clickAt!,
      waveformMs: drawn - start,
      longestTaskMs: Math.max(0, ...during),
      longestGapMs: Math.max(0, ...gaps),
    };
  });
}

type LongRun = { parts: number; firstPlayableMs: number; wholeMs: number; peakHeapMb: number; audioMb: number };

/** One long text: click → first playable part, click → the joined take, and the page's peak JS heap (CDP, sampled every 100 ms). */
async function long(page: Page, chars: number, format: string): Promise<LongRun> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { metrics } = await cdp.send('Performance.getMetrics');
      peak = Math.max(peak, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await page.getByLabel('Text to synthesize').fill(text(chars).replace(/[^.]*$/, ''));
  await page.getByRole('radio', { name: new RegExp(`^${format.toUpperCase()}`) }).check();
  const parts = Number((await page.getByText(/sent as \d+ parts/).textContent())?.match(/sent as (\d+) parts/)?.[1]);
  await page.evaluate(() => {
    (window as unknown as { bench: Record<string, number> }).bench = { clickAt: 0, playableAt: 0 };
  });
  await page.getByRole('button', { name: 'Synthesize' }).click();
  const list = page.getByRole('list', { name: 'Parts' }).getByRole('listitem');
  await page.getByRole('progressbar', { name: 'Synthesis progress' }).waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await page.getByRole('progressbar', { name: 'Synthesis progress' }).waitFor({ state: 'detached', timeout: LONG_TIMEOUT_MS });
  const wholeAt = await page.evaluate(() => performance.now());
  if ((await list.count()) !== parts) throw new Error(`Expected ${parts} parts in the list, found ${await list.count()}`);
  sampling = false;
  await sampler;
  const audioBytes = await page.getByRole('region', { name: 'History' }).textContent();
  const b = await page.evaluate(() => (window as unknown as { bench: Record<string, number> }).bench);
  await cdp.detach();
  return {
    parts,
    firstPlayableMs: b.playableAt! - b.clickAt!,
    wholeMs: wholeAt - b.clickAt!,
    peakHeapMb: peak / 1024 / 1024,
    audioMb: Number(audioBytes?.match(/audio ([\d.]+) MB/)?.[1] ?? NaN),
  };
}

const browser = await chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium' });
const rows: string[][] = [];
const longRows: string[][] = [];
try {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript({ content: PAGE_PROBES });
  await page.goto(`${base}/speech`);
  await page.getByLabel('Voice name').fill('en-us');
  await once(page, 100, 'wav'); // warm-up: first chunk loads, workers start
  for (const chars of SIZES) {
    for (const format of FORMATS) {
      const runs: Run[] = [];
      for (let i = 0; i < REPEATS && Date.now() < DEADLINE; i++) runs.push(await once(page, chars, format));
      const median = (pick: (r: Run) => number) => [...runs].map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? NaN;
      const worst = (pick: (r: Run) => number) => Math.max(...runs.map(pick));
      rows.push([
        String(chars),
        format,
        String(runs.length),
        median((r) => r.playableMs).toFixed(0),
        worst((r) => r.playableMs).toFixed(0),
        median((r) => r.waveformMs).toFixed(0),
        worst((r) => r.longestTaskMs) === 0 ? 'none' : worst((r) => r.longestTaskMs).toFixed(0),
        worst((r) => r.longestGapMs) === 0 ? '< 8' : worst((r) => r.longestGapMs).toFixed(0),
      ]);
    }
  }
  for (const chars of LONG_SIZES) {
    for (const format of LONG_FORMATS) {
      if (Date.now() > DEADLINE) break;
      // A fresh history each time, so its audio total is this run's and storage does not pile up.
      // From a page that has not opened it, so nothing blocks the delete.
      await page.goto(`${base}/settings`);
      await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('console.speech.history').onsuccess = resolve)));
      await page.goto(`${base}/speech`);
      await page.getByLabel('Voice name').fill('en-us');
      const r = await long(page, chars, format);
      longRows.push([
        String(chars),
        format,
        String(r.parts),
        r.firstPlayableMs.toFixed(0),
        r.wholeMs.toFixed(0),
        r.peakHeapMb.toFixed(1),
        r.audioMb.toFixed(1),
      ]);
    }
  }
} finally {
  await browser.close();
  await stop();
}

const header = [
  'chars',
  'format',
  'runs',
  'click→playable p50 ms',
  'max ms',
  'waveform p50 ms',
  'long tasks (≥50 ms) during waveform',
  'longest main-thread block ms',
];
function table(head: string[], body: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  body.forEach((r) => console.log(line(r)));
}
if (rows.length > 0) table(header, rows);
if (longRows.length > 0) {
  console.log('');
  table(
    ['chars', 'format', 'parts', 'click→first part playable ms', 'click→whole take ms', 'peak JS heap MB', 'joined audio MB'],
    longRows,
  );
}
