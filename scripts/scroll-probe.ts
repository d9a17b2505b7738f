// tsx scripts/scroll-probe.ts — the dashboard bench's scroll phase alone, repeated, against running consoles (docs/performance.md,
// Dashboard bench): per run the rAF frame intervals (p95, p99, worst, frames over 20 ms) and, from a Chrome trace, the
// main thread's time while scrolling by event and its tasks over PROBE_LONG_MS (PROBE_TRACE=1).
// PROBE_BASES (comma-separated; default http://127.0.0.1:8363): builds to compare, taken in turns, each with its own tasks.
// PROBE_WATCHED, PROBE_LIVE (default 100,000 / 1,000), PROBE_LIVE_MS (live tasks' duration, default 15 min), PROBE_POLL
// (check interval in ms, default 2000; 0 = off), PROBE_ROUNDS (page loads per base, default 2), PROBE_RUNS (scroll runs per
// page and variant, default 3), PROBE_VARIANTS (a JSON list of CSS to compare in one page), PROBE_SHOT (screenshot prefix),
// PROBE_WIDTH / PROBE_HEIGHT (viewport, default 1400×1000).
import { chromium } from '@playwright/test';
import { findChromium } from './lib/find-chromium.mjs';
import { seedProfileScript } from './lib/seed-profile';
import { describeLongTasks, median, startTrace, type MainTask } from './bench/main-thread-trace';
import { printProfile } from './bench/cpu-profile';
import {
  createEmulatorTasks,
  dashboardProbeScript,
  injectProbeCss,
  measureScroll,
  seedWatchList,
  waitForButtonText,
  waitForHistoryWritten,
} from './bench/dashboard-page';
import { PIECE } from '../src/features/tasks/watch-list/watch-list-db';

const bases = (process.env.PROBE_BASES ?? 'http://127.0.0.1:8363').split(',');
const WATCHED = Number(process.env.PROBE_WATCHED ?? 100_000);
const LIVE = Number(process.env.PROBE_LIVE ?? 1000);
const LIVE_MS = Number(process.env.PROBE_LIVE_MS ?? 15 * 60_000);
const POLL = Number(process.env.PROBE_POLL ?? 2000);
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 2);
const RUNS = Number(process.env.PROBE_RUNS ?? 3);
const LONG_MS = Number(process.env.PROBE_LONG_MS ?? 16.7);
const variants = JSON.parse(process.env.PROBE_VARIANTS ?? '[""]') as string[];
const viewport = { width: Number(process.env.PROBE_WIDTH ?? 1400), height: Number(process.env.PROBE_HEIGHT ?? 1000) };
const user = String(Date.now() % 1e9);
const TOP_EVENTS = ['EventDispatch', 'FunctionCall', 'TimerFire', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];

const lists = new Map<string, string[]>();
for (const base of bases) {
  const done = await createEmulatorTasks(base, user, WATCHED - LIVE, 500, 'mixed');
  const live = await createEmulatorTasks(base, user, LIVE, LIVE_MS, 'finished');
  const half = Math.floor(done.length / 2);
  lists.set(base, [...live.slice(0, 40), ...done.slice(0, half), ...live.slice(40), ...done.slice(half)]);
}
await new Promise((r) => setTimeout(r, 600));

type Result = {
  p95: number;
  p99: number;
  worst: number;
  over20: number;
  frames: number;
  busy: number;
  cpu: number;
  longest: number;
  stepCpu: number;
  stepCpu90: number;
  threadMs: number;
  processMs: number;
};
const results = new Map<string, Result[]>();
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
for (let round = 0; round < ROUNDS; round++) {
  for (const base of bases) {
    const page = await browser.newPage({ viewport });
    await page.addInitScript(seedProfileScript(user, { 'console.tasks.settings': { intervalMs: POLL } }));
    await page.addInitScript(dashboardProbeScript);
    await seedWatchList(page, base, ['/api', user].join('\u0000'), lists.get(base)!, PIECE);
    await page.goto(`${base}/tasks`);
    await waitForButtonText(page, 'Not checked yet 0', 300_000);
    // As in the bench: the history's first write of every task (slices after the first cycle) is out before scrolling.
    await waitForHistoryWritten(page, WATCHED, 240_000);
    await page.getByRole('region', { name: 'Watched tasks' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(5000);
    const widths = await page.evaluate(() => [...document.querySelectorAll('th')].map((th) => `${th.dataset.column} ${th.offsetWidth}`));
    if (round === 0) console.log(`column widths: ${widths.join(', ')}`);
    if (process.env.PROBE_SHOT && round === 0) await page.screenshot({ path: `${process.env.PROBE_SHOT}-${bases.indexOf(base)}.png` });
    for (let run = 0; run < RUNS * variants.length; run++) {
      const css = variants[run % variants.length]!;
      await injectProbeCss(page, css);
      await page.waitForTimeout(1500);
      // PROBE_PROFILE=1: the functions with the most self time while scrolling (an unminified build names them).
      const cdp = process.env.PROBE_PROFILE ? await page.context().newCDPSession(page) : null;
      if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
      // PROBE_TRACE=1 traces the scrolling (the trace's own cost, e.g. stacks for every layout invalidation, lands in the frames).
      // The renderer's CPU time (main thread, whole process: raster and compositor too): a loaded machine stretches wall times, not these.
      const metrics = await page.context().newCDPSession(page);
      await metrics.send('Performance.enable');
      const cpuNow = async () => {
        const m = (await metrics.send('Performance.getMetrics')).metrics;
        return [m.find((x) => x.name === 'ThreadTime')?.value ?? 0, m.find((x) => x.name === 'ProcessTime')?.value ?? 0];
      };
      const cpu0 = await cpuNow();
      const stop = process.env.PROBE_TRACE ? await startTrace(browser, page) : async () => ({ tasks: [], requests: [] });
      const scroll = await measureScroll(page, 'Watched tasks');
      const trace = await stop();
      const cpu1 = await cpuNow();
      const threadMs = (cpu1[0]! - cpu0[0]!) * 1000;
      const processMs = (cpu1[1]! - cpu0[1]!) * 1000;
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        printProfile(profile, 40);
        console.log('inclusive:');
        printInclusive(profile, Number(process.env.PROBE_TOP ?? 40));
      }
      const tasks = trace.tasks.slice(
        Math.max(
          0,
          trace.tasks.findIndex((t) => t.inside.some((e) => e.name === 'EventDispatch')),
        ),
      );
      const from = tasks[0]?.start ?? 0;
      const byEvent = new Map<string, number>();
      for (const t of tasks) {
        let lastEnd = -1;
        for (const e of [...t.inside].sort((a, b) => a.ts - b.ts)) {
          if (!TOP_EVENTS.includes(e.name) || e.ts < lastEnd) continue;
          byEvent.set(e.name, (byEvent.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
          lastEnd = e.ts + (e.dur ?? 0);
        }
      }
      // Paints of the page's own layer (the whole document's height) inside a frame, under the frame's outer Paint.
      const pagePaints = tasks.reduce((n, t) => {
        const paints = t.inside.filter((e) => e.name === 'Paint');
        const whole = paints.filter((e) => {
          const clip = e.args?.data?.clip;
          return (
            Array.isArray(clip) &&
            clip.length === 8 &&
            Number(clip[4]) - Number(clip[0]) === viewport.width &&
            Number(clip[5]) - Number(clip[1]) > viewport.height
          );
        });
        return n + Math.max(0, whole.length - 1);
      }, 0);
      const busy = tasks.reduce((a, t) => a + t.end - t.start, 0);
      const cpu = tasks.reduce((a, t) => a + t.cpu, 0);
      // The tasks that handled a scroll event (React's render of the rows that came into view, then the frame).
      const scrollTasks = tasks.filter((t) => t.inside.some((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'scroll'));
      const q = (xs: number[], f: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * f)] ?? 0;
      const stepCpu = scrollTasks.map((t) => t.cpu);
      const key = `${bases.indexOf(base)}:${variants.indexOf(css)}`;
      const r = {
        p95: scroll.p95FrameMs,
        p99: scroll.p99FrameMs,
        worst: scroll.worstFrameMs,
        over20: scroll.framesOver20Ms,
        frames: scroll.frames,
        busy,
        cpu,
        stepCpu: q(stepCpu, 0.5),
        threadMs,
        processMs,
        stepCpu90: q(stepCpu, 0.9),
        longest: Math.max(0, ...tasks.map((t) => t.end - t.start)),
      };
      results.set(key, [...(results.get(key) ?? []), r]);
      console.log(
        `[${base} ${css.slice(0, 50) || 'no css'}] frames ${r.frames}, p95 ${r.p95.toFixed(1)}, p99 ${r.p99.toFixed(1)}, worst ${r.worst.toFixed(1)}, over 20 ms ${r.over20}; renderer CPU: main thread ${threadMs.toFixed(0)} ms, process ${processMs.toFixed(0)} ms; ` +
          `page-layer repaints ${pagePaints}; scroll tasks ${scrollTasks.length}: CPU median ${r.stepCpu.toFixed(1)}, p90 ${r.stepCpu90.toFixed(1)} ms; main thread ${busy.toFixed(0)} ms (CPU ${cpu.toFixed(0)}), longest task ${r.longest.toFixed(1)} ms; ` +
          [...byEvent].map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '),
      );
      if (process.env.PROBE_GAPS) for (const line of describeGaps(tasks)) console.log(`    ${line}`);
      if (process.env.PROBE_VERBOSE) for (const line of describeLongTasks({ ...trace, tasks }, from, LONG_MS)) console.log(`    ${line}`);
    }
    await page.close();
  }
}
await browser.close();
console.log(
  '\nmedians (p95 / p99 / worst / frames over 20 ms / main-thread ms / its CPU / longest task / scroll task CPU median, p90 / renderer main-thread CPU / process CPU):',
);
for (const [key, rs] of results) {
  const [b, v] = key.split(':').map(Number);
  const m = (f: (r: Result) => number) => median(rs.map(f)).toFixed(1);
  console.log(
    `  ${bases[b!]} ${variants[v!]!.slice(0, 60) || 'no css'}: ${m((r) => r.p95)} / ${m((r) => r.p99)} / ${m((r) => r.worst)} / ${m((r) => r.over20)} / ${m((r) => r.busy)} / ${m((r) => r.cpu)} / ${m((r) => r.longest)} / ${m((r) => r.stepCpu)}, ${m((r) => r.stepCpu90)} / ${m((r) => r.threadMs)} / ${m((r) => r.processMs)} (${rs.length} runs; p95s ${rs.map((r) => r.p95.toFixed(1)).join(' ')})`,
  );
}

/** The functions with the most inclusive time (each function once per sample, however deep it recurses). */
function printInclusive(
  profile: {
    nodes: Array<{ id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }>;
    samples?: number[];
    timeDeltas?: number[];
  },
  top: number,
) {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const total = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!;
      seen.add(`${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`);
    }
    for (const k of seen) total.set(k, (total.get(k) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  for (const [k, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

/** PROBE_GAPS=1: each missed frame (over 20 ms between two animation-frame tasks) with the tasks that ran in it. */
function describeGaps(tasks: readonly MainTask[]): string[] {
  const frames = tasks.filter((t) => t.inside.some((e) => e.name === 'FireAnimationFrame'));
  const lines: string[] = [];
  for (let i = 1; i < frames.length; i++) {
    const gap = frames[i]!.start - frames[i - 1]!.start;
    if (gap <= 20) continue;
    const inGap = tasks.filter((t) => t.start >= frames[i - 1]!.start && t.start < frames[i]!.start);
    lines.push(
      `gap ${gap.toFixed(1)} ms: ` +
        inGap
          .map((t) => {
            const top = [...t.inside]
              .filter((e) => (e.dur ?? 0) > 1_000 && e.name !== 'v8.callFunction')
              .sort((a, b) => b.dur! - a.dur!)
              .slice(0, 4)
              .map((e) => `${e.name}${e.args?.data?.type ? `(${String(e.args.data.type)})` : ''} ${(e.dur! / 1000).toFixed(1)}`);
            return `[${(t.end - t.start).toFixed(1)} cpu ${t.cpu.toFixed(1)}${top.length ? ': ' + top.join(', ') : ''}]`;
          })
          .join(' '),
    );
  }
  return lines;
}
