// Saved views' live counts (src/features/tasks/views/view-counts.ts) at 50 views × 100,000 rows, at the model level
// (Node's V8): the first count, then poll updates that change 1,000 live rows. Per update: the main-thread work done at
// once (update: changed rows × views) and the sliced full count of the clock-reading views every RECOUNT_MS (slices of 8 ms).
// Usage: npx tsx scripts/bench-view-counts.ts [--rows 100000] [--live 1000] [--views 50] [--updates 10]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { WatchedTask } from '../src/features/tasks/rows/task-rows';
import type { TaskSnapshot } from '../src/features/tasks/task/task-snapshot';
import type { QueryContext } from '../src/features/tasks/query/language/compile-query';
import { stubViteModules } from './lib/stub-vite-modules';

// The models reach the i18n store's virtual module and the query box's CSS Module: empty here (stub-vite-modules.ts).
stubViteModules();
const { buildRow } = await import('../src/features/tasks/rows/task-rows');
const { createViewCounts, RECOUNT_MS } = await import('../src/features/tasks/views/view-counts');
const { steadyMarks } = await import('../src/features/tasks/testing/snapshots');

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    live: { type: 'string', default: '1000' },
    views: { type: 'string', default: '50' },
    updates: { type: 'string', default: '20' },
  },
});
const ROWS = Number(flags.rows);
const LIVE = Number(flags.live);
const VIEWS = Number(flags.views);
const UPDATES = Number(flags.updates);
const MIN = 60_000;
const SLICE_MS = 8;

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

function snapshotOf(id: string, status: number, progress: number, now: number): TaskSnapshot {
  const updateTime = now - Math.floor(random() * 180 * MIN);
  const url = status === 4 ? `http://127.0.0.1/files/video/${id}` : null;
  return {
    item: {
      taskId: id,
      taskStatus: status,
      taskProgress: progress,
      errorCode: status === 5 ? 3001 + Math.floor(random() * 3) : status === 6 ? 3100 : 0,
      targetVideoUrl: url,
      updateTime,
    },
    checkedAt: now,
    changedAt: status === 3 ? now - Math.floor(random() * 10 * MIN) : updateTime,
    downloadUrl: url,
    ...(status === 3 && { progressMarks: steadyMarks({ progress: 0, at: now - 20 * MIN }, { progress, at: now - MIN }) }),
    problem: null,
  };
}

/** The bench's mix (scripts/bench/query-typing.ts): LIVE Running first, the rest 80% Finished, 12% Failed, 8% Aborted. */
function benchRows(now: number): WatchedTask[] {
  return Array.from({ length: ROWS }, (_, i) => {
    const id = `Service_AI_${(now - i).toString(36)}_${i.toString(16).padStart(12, '0')}`;
    const roll = random();
    const status = i < LIVE ? 3 : roll < 0.8 ? 4 : roll < 0.92 ? 5 : 6;
    return buildRow(id, i, snapshotOf(id, status, i < LIVE ? Math.floor(random() * 100) : status === 4 ? 100 : 50, now));
  });
}

// 50 views as operators might save them: about half read the clock (updated:, age:, eta:, stalled:).
const SHAPES = [
  (n: number) => `status:failed code:${3001 + (n % 3)}`,
  (n: number) => `status:failed,aborted updated:<${n + 1}h`,
  (n: number) => `status:running progress:<${10 + n}`,
  (n: number) => `status:running age:>${n + 1}m`,
  (n: number) => `id:*${(n % 16).toString(16)}* -status:finished`,
  (n: number) => `stalled:yes progress:>${n}`,
  (n: number) => `has:video updated:<${n + 2}h`,
  (n: number) => `eta:<${n + 1}m`,
  (n: number) => `code:>=3001 ${(n % 10).toString()}`,
  () => `-status:finished,failed,aborted`,
];
const queries = Array.from({ length: VIEWS }, (_, n) => SHAPES[n % SHAPES.length]!(Math.floor(n / SHAPES.length)));

let now = Date.now();
const rows = benchRows(now);
const ctx = (): QueryContext => ({ now, stallMs: 5 * MIN, firstSeen: (row) => now - (row.id.length % 7) * 10 * MIN });

/** This process's CPU time in ms since `from` (less swayed than wall-clock time by other work on a shared machine). */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1000;
};

/** Steps until done in slices of SLICE_MS: total ms (wall and CPU), slices, longest slice. */
function countInSlices(counts: ReturnType<typeof createViewCounts>) {
  const c0 = process.cpuUsage();
  let total = 0;
  let slices = 0;
  let longest = 0;
  for (;;) {
    const t0 = performance.now();
    const done = counts.step(() => performance.now() - t0 >= SLICE_MS);
    const ms = performance.now() - t0;
    total += ms;
    longest = Math.max(longest, ms);
    slices++;
    if (done) return { total, cpu: cpuMs(c0), slices, longest };
  }
}

const counts = createViewCounts();
let t0 = performance.now();
counts.setQueries(queries);
counts.update(rows, ctx());
const setup = performance.now() - t0;
const first = countInSlices(counts);
const timedViews = queries.filter((q) => /updated:|age:|eta:|stalled:/.test(q)).length;
console.log(
  `${VIEWS} views (${timedViews} read the clock) × ${ROWS.toLocaleString('en')} rows, ${LIVE} live; load ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `first count: parse+compile ${setup.toFixed(1)} ms, then ${first.total.toFixed(1)} ms in ${first.slices} slices (longest ${first.longest.toFixed(1)} ms)`,
);

const upd: number[] = [];
const updCpu: number[] = [];
const passes: number[] = [];
const passesCpu: number[] = [];
const longest: number[] = [];
for (let u = 0; u < UPDATES; u++) {
  now += 2_000;
  for (let i = 0; i < LIVE; i++) {
    const old = rows[i]!;
    const progress = Math.min(99, old.progress + 1);
    const status = random() < 0.02 ? 5 : 3;
    rows[i] = buildRow(old.id, i, snapshotOf(old.id, status, progress, now));
  }
  const c0 = process.cpuUsage();
  t0 = performance.now();
  counts.update(rows, ctx());
  upd.push(performance.now() - t0);
  updCpu.push(cpuMs(c0));
  const pass = countInSlices(counts);
  // A full count of the clock-reading views (every RECOUNT_MS of the clock), not a step with nothing to do.
  if (pass.slices > 1 || pass.total > 1) {
    passes.push(pass.total);
    passesCpu.push(pass.cpu);
    longest.push(pass.longest);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `per poll update (${LIVE} rows changed): at once ${median(upd).toFixed(2)} ms median (max ${Math.max(...upd).toFixed(2)}, CPU ${median(updCpu).toFixed(2)}); ` +
    (passes.length === 0
      ? `no full recount of the clock-reading views in ${UPDATES} updates (${UPDATES * 2} s of clock; one comes every ${RECOUNT_MS / 1000} s): give more --updates to measure it`
      : `clock-reading views counted in full again ${passes.length} times (every ${RECOUNT_MS / 1000} s of clock): ` +
        `${median(passes).toFixed(1)} ms median (CPU ${median(passesCpu).toFixed(1)}) in slices ≤ ${Math.max(...longest).toFixed(1)} ms`),
);
