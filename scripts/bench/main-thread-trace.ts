import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import type { Profile } from './cpu-profile';
import { majorCollectionIn } from './major-collections';

// Chromium trace of the page's main thread: every task (RunTask) with its wall and CPU time, the
// status requests it sent and finished, and what ran inside the long tasks.
// BENCH_TRACE_CATEGORIES (comma-separated) adds categories, e.g. toplevel,mojom to see what an event-less task ran.
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  // Blink's heap, collected with V8's: its sweeping after a major collection runs in tasks with no V8 event.
  'cppgc',
  'blink.user_timing',
  ...(process.env.BENCH_TRACE_CATEGORIES?.split(',').filter(Boolean) ?? []),
];

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; value?: Record<string, unknown> };
};

/** A main-thread task in ms on the trace clock: start and end (wall), cpu (thread time). */
export type MainTask = { start: number; end: number; cpu: number; inside: TraceEvent[] };
/** A status request in the trace; `fromPage`: sent by the page's main thread (the shell's connection check), not the status worker. */
export type StatusRequest = { id: string; sent: number; finished: number | null; fromPage: boolean; failed: boolean };
export type MainThreadTrace = { tasks: MainTask[]; requests: StatusRequest[] };

let saved = 0;

export async function startTrace(browser: Browser, page: Page): Promise<() => Promise<MainThreadTrace>> {
  await browser.startTracing(page, { categories: CATEGORIES });
  return async () => {
    const json = (await browser.stopTracing()).toString();
    // BENCH_TRACE_SAVE=prefix keeps each raw trace (prefix-1.json, …) for DevTools' Performance panel.
    if (process.env.BENCH_TRACE_SAVE) writeFileSync(`${process.env.BENCH_TRACE_SAVE}-${++saved}.json`, json);
    return readTrace(json, page.url());
  };
}

const data = (e: TraceEvent) => e.args?.data ?? {};

function readTrace(json: string, pageUrl: string): MainThreadTrace {
  const parsed = JSON.parse(json) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  // The page's main thread: the renderer main thread with the most tasks.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const count = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask') count.set(`${e.pid}:${e.tid}`, (count.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = mains.sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0))[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts);
  const tasks: MainTask[] = [];
  for (const e of onMain) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const last = tasks.at(-1);
    if (e.name === 'RunTask' && (!last || e.ts >= last.end * 1000)) {
      tasks.push({ start: e.ts / 1000, end: (e.ts + e.dur) / 1000, cpu: (e.tdur ?? e.dur) / 1000, inside: [] });
    } else if (last && e.ts < last.end * 1000 && e.name !== 'RunTask') last.inside.push(e);
  }
  const origin = new URL(pageUrl).origin;
  const requests = new Map<string, StatusRequest>();
  // Sent from the page's main thread or from its status worker (another thread of the same renderer, shared or dedicated).
  const pid = Number(main?.split(':')[0]);
  const inRenderer = events
    .filter(
      (e) => e.pid === pid && (e.name === 'ResourceSendRequest' || e.name === 'ResourceReceiveResponse' || e.name === 'ResourceFinish'),
    )
    .sort((a, b) => a.ts - b.ts);
  for (const e of inRenderer) {
    const d = data(e);
    const id = String(d.requestId ?? '');
    if (e.name === 'ResourceSendRequest' && String(d.url ?? '').startsWith(origin) && String(d.url).includes('/taskStatus'))
      requests.set(id, { id, sent: e.ts / 1000, finished: null, fromPage: `${e.pid}:${e.tid}` === main, failed: false });
    else if (!requests.has(id)) continue;
    // A failed request (network error, cancelled) or an answer other than 200: counted as failed.
    else if (e.name === 'ResourceReceiveResponse') requests.get(id)!.failed ||= d.statusCode !== 200;
    else {
      requests.get(id)!.finished = e.ts / 1000;
      requests.get(id)!.failed ||= d.didFail === true;
    }
  }
  return { tasks, requests: [...requests.values()].sort((a, b) => a.sent - b.sent) };
}

/** Requests in cycles: a pause of more than `gapMs` between two sends starts a new cycle. */
export function cyclesOf(requests: readonly StatusRequest[], gapMs: number): StatusRequest[][] {
  const cycles: StatusRequest[][] = [];
  for (const r of requests) {
    const cycle = cycles.at(-1);
    if (cycle && r.sent - cycle.at(-1)!.sent <= gapMs) cycle.push(r);
    else cycles.push([r]);
  }
  return cycles;
}

/** `majorGcMs`: of busyMs, the major collections (major-collections.ts). */
export type UpdateCost = { busyMs: number; cpuMs: number; windowMs: number; start: number; end: number; majorGcMs: number };

/**
 * One poll update's main-thread cost: from the task that sends its first request (or posts it to the status worker) to the first quiet
 * moment (no task for `quietMs`) after its last answer, so the merge, render, commit, layout, paint
 * and charts it sets off all count. busyMs adds the tasks' wall times in that window, cpuMs their
 * thread times (which a busy machine inflates less). A 1 s clock tick may fall in the window: take
 * the median over cycles.
 */
export function updateCost(tasks: readonly MainTask[], cycle: readonly StatusRequest[], quietMs = 50): UpdateCost | null {
  const sent = cycle[0]!.sent;
  const answered = Math.max(...cycle.map((r) => r.finished ?? Infinity));
  if (!Number.isFinite(answered)) return null;
  // The task that started the cycle: the one sending its first request, or, when a worker sends it,
  // the last main-thread task begun before (the one that posted the cycle to the worker).
  let i = tasks.findLastIndex((t) => t.start <= sent);
  if (i < 0 || sent - tasks[i]!.end > quietMs) i = tasks.findIndex((t) => t.end >= sent);
  if (i < 0) return null;
  const start = Math.min(sent, tasks[i]!.start);
  let end = start;
  let busyMs = 0;
  let cpuMs = 0;
  const first = i;
  for (; i < tasks.length; i++) {
    const t = tasks[i]!;
    if (t.start > answered && t.start - end > quietMs) break;
    busyMs += t.end - t.start;
    cpuMs += t.cpu;
    end = t.end;
  }
  return { busyMs, cpuMs, windowMs: end - start, start, end, majorGcMs: majorCollectionIn(tasks.slice(first, i)).ms };
}

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The value at fraction `p` of the sorted values (nearest rank, rounding down; 0 for none): p95 as 0.95. */
export const percentile = (xs: readonly number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : 0;

function label(e: TraceEvent): string {
  const d = data(e);
  const url = typeof d.url === 'string' ? d.url.split('/').pop()?.slice(0, 40) : '';
  const what = [d.functionName, d.type, url].filter(Boolean).join(' ');
  return `${e.name}${what ? `(${what})` : ''}`;
}

/** The trace's longest task by wall time (a zero-length one when it has none). */
export const longestTask = (trace: MainThreadTrace): { start: number; end: number; cpu: number } =>
  trace.tasks.reduce<{ start: number; end: number; cpu: number }>((a, t) => (t.end - t.start > a.end - a.start ? t : a), {
    start: 0,
    end: 0,
    cpu: 0,
  });

/**
 * Each task over `overMs` (ms from `from`, its length and CPU time) with the longest events inside
 * it and, given a CPU profile taken meanwhile, the functions with the most self time in it.
 */
export function describeLongTasks(trace: MainThreadTrace, from: number, overMs = 50, profile?: Profile): string[] {
  const samples = profile ? profileSamples(profile) : [];
  return trace.tasks
    .filter((t) => t.end - t.start > overMs)
    .map((t) => {
      const inside = [...t.inside]
        .filter((e) => (e.dur ?? 0) > 3_000)
        .sort((a, b) => b.dur! - a.dur!)
        .slice(0, 6)
        .map((e) => `${label(e)} ${(e.dur! / 1000).toFixed(0)}`);
      const self = new Map<string, number>();
      for (const s of samples) if (s.at >= t.start && s.at <= t.end) self.set(s.fn, (self.get(s.fn) ?? 0) + s.ms);
      const top = [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([fn, ms]) => `${fn} ${ms.toFixed(0)}`);
      return (
        `at ${(t.start - from).toFixed(0)} ms: ${(t.end - t.start).toFixed(0)} ms (cpu ${t.cpu.toFixed(0)}): ${inside.join(', ')}` +
        (top.length ? `\n      self: ${top.join(', ')}` : '')
      );
    });
}

/** A CPU profile's samples on the trace clock (both count microseconds of the same monotonic clock). */
function profileSamples({ nodes, samples = [], timeDeltas = [], startTime = 0 }: Profile) {
  const byId = new Map(nodes.map((n) => [n.id, n.callFrame]));
  let at = startTime;
  return samples.map((id, i) => {
    at += timeDeltas[i] ?? 0;
    const f = byId.get(id)!;
    return {
      at: at / 1000,
      ms: (timeDeltas[i + 1] ?? 0) / 1000,
      fn: `${f.functionName || '(anonymous)'}@${f.url.split('/').pop()}:${f.lineNumber}`,
    };
  });
}

/**
 * Where the update windows' time goes, per update: the trace's events inside their tasks by name
 * (nested events counted in their parents too) and, given a CPU profile, the functions' self time.
 */
export function describeUpdates(trace: MainThreadTrace, windows: readonly UpdateCost[], profile?: Profile): string[] {
  const n = Math.max(1, windows.length);
  const within = (at: number) => windows.some((w) => at >= w.start && at <= w.end);
  const events = new Map<string, number>();
  for (const t of trace.tasks)
    if (within(t.start)) for (const e of t.inside) if ((e.dur ?? 0) > 0) events.set(label(e), (events.get(label(e)) ?? 0) + e.dur! / 1000);
  const self = new Map<string, number>();
  for (const smp of profile ? profileSamples(profile) : []) if (within(smp.at)) self.set(smp.fn, (self.get(smp.fn) ?? 0) + smp.ms);
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, ms]) => `${(ms / n).toFixed(2).padStart(7)} ms  ${name}`);
  // How much is drawn: a whole-page repaint for a few changed rows shows as a large area here.
  const counts = new Map<string, number>();
  let tasks = 0;
  let painted = 0;
  for (const t of trace.tasks) {
    if (!within(t.start)) continue;
    tasks++;
    for (const e of t.inside) {
      counts.set(e.name, (counts.get(e.name) ?? 0) + 1);
      const clip = data(e).clip;
      if (e.name === 'Paint' && Array.isArray(clip) && clip.length === 8) {
        const [x1, y1, , , x2, y2] = clip as number[];
        painted += Math.abs((x2! - x1!) * (y2! - y1!));
      }
    }
  }
  const count = (name: string) => ((counts.get(name) ?? 0) / n).toFixed(1);
  return [
    `per update: ${(tasks / n).toFixed(1)} tasks, frames (UpdateLayoutTree ${count('UpdateLayoutTree')}, Layout ${count('Layout')}, ` +
      `Paint ${count('Paint')}, Commit ${count('Commit')}), painted ${Math.round(painted / n).toLocaleString('en-US')} px²`,
    ...tasksByKind(trace, windows, profile),
    'trace events per update (nested ones inside their parents too):',
    ...top(events, 25),
    ...(profile ? ['self time per update:', ...top(self, 40)] : []),
  ];
}

/** A task's kind: a frame when it paints or commits, else its first event (HandlePostMessage, TimerFire, MinorGC, …). */
function kindOf(t: MainTask): string {
  if (t.inside.some((e) => e.name === 'Commit' || e.name === 'Paint')) return 'frame';
  return t.inside[0]?.name ?? '(no events)';
}

/**
 * The update's tasks by kind, as medians over the updates (a mean is one GC-heavy update's), each with the functions
 * that have the most self time in tasks of that kind (per update, from the CPU profile).
 */
function tasksByKind(trace: MainThreadTrace, windows: readonly UpdateCost[], profile?: Profile): string[] {
  const n = Math.max(1, windows.length);
  const perWindow = windows.map(() => new Map<string, number>());
  const cpuWindow = windows.map(() => new Map<string, number>());
  const kinds = new Set<string>();
  const taskKind: Array<{ t: MainTask; kind: string }> = [];
  for (const t of trace.tasks) {
    const w = windows.findIndex((x) => t.start >= x.start && t.start <= x.end);
    if (w < 0) continue;
    const kind = kindOf(t);
    kinds.add(kind);
    taskKind.push({ t, kind });
    perWindow[w]!.set(kind, (perWindow[w]!.get(kind) ?? 0) + t.end - t.start);
    cpuWindow[w]!.set(kind, (cpuWindow[w]!.get(kind) ?? 0) + t.cpu);
  }
  const self = new Map<string, Map<string, number>>();
  const samples = profile ? profileSamples(profile) : [];
  let k = 0;
  for (const smp of samples) {
    while (k < taskKind.length && taskKind[k]!.t.end < smp.at) k++;
    const hit = taskKind[k];
    if (!hit || smp.at < hit.t.start || smp.fn.startsWith('(idle)')) continue;
    const fns = self.get(hit.kind) ?? new Map<string, number>();
    fns.set(smp.fn, (fns.get(smp.fn) ?? 0) + smp.ms);
    self.set(hit.kind, fns);
  }
  const rows = [...kinds].map((kind) => ({
    kind,
    ms: perWindow.map((m) => m.get(kind) ?? 0),
    cpu: cpuWindow.map((m) => m.get(kind) ?? 0),
  }));
  rows.sort((a, b) => median(b.ms) - median(a.ms));
  const lines = ['tasks by kind per update (wall: median, mean; CPU: median; ms):'];
  for (const { kind, ms, cpu } of rows.slice(0, 8)) {
    const mean = ms.reduce((a, b) => a + b, 0) / n;
    lines.push(`  ${median(ms).toFixed(2).padStart(7)} ${mean.toFixed(2).padStart(7)} ${median(cpu).toFixed(2).padStart(7)}  ${kind}`);
    const fns = [...(self.get(kind) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 8);
    if (fns.length) lines.push(`      self: ${fns.map(([fn, t]) => `${fn.replace(/@.*:/, ':')} ${(t / n).toFixed(2)}`).join(', ')}`);
  }
  return lines;
}
