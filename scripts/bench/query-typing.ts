// The query language at the model level (src/features/tasks/query/language/): parse + compile + filter over
// the bench's mix of rows (N watched, M live and Running, the rest ended about 80% Finished, 12% Failed
// with a 300x code, 8% Aborted), once per keystroke as the query is typed character by character, and
// once per poll update (the whole query with a new clock). Node's V8, not the page: the page's own figures
// (the query box typed into in Chromium) are dashboard-query.ts's.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildRow, type WatchedTask } from '../../src/features/tasks/rows/task-rows';
import type { TaskSnapshot } from '../../src/features/tasks/task/task-snapshot';
import { steadyMarks } from '../../src/features/tasks/testing/snapshots';
import { parseQuery } from '../../src/features/tasks/query/language/parse-query';
import { filterRows, type QueryContext } from '../../src/features/tasks/query/language/compile-query';
import { printQuery } from '../../src/features/tasks/query/language/print-query';
import { createRowFilter } from '../../src/features/tasks/query/row-filter';
import { firstSeenByPosition } from '../../src/features/tasks/history/first-seen-by-position';
import { percentile } from './main-thread-trace';

/** Wall-clock figures, and the same in this process's CPU time (less swayed by other work on a shared machine). */
export type QueryFigures = {
  query: string;
  rows: number;
  keystrokes: number;
  keyMaxMs: number;
  keyP95Ms: number;
  keyCpuMaxMs: number;
  keyCpuP95Ms: number;
  updateMaxMs: number;
  updateMedianMs: number;
  updateCpuMedianMs: number;
  matched: number;
  /** The same typing through the list's filter (query/row-filter.ts: narrowing, a compiled test per term, slices), as the page runs it. */
  sliced: {
    keyCpuP50Ms: number;
    keyCpuP95Ms: number;
    keyCpuMaxMs: number;
    /** The longest slice (CPU): the longest task the filter makes. */
    sliceCpuMaxMs: number;
    /** Rows read per key that filtered: median and max (of `rows`). */
    examinedMedian: number;
    examinedMax: number;
  };
  /**
   * Poll updates through the list's filter with the whole query on, as use-query-rows.ts runs them: the live rows
   * rewritten in place (progress on by one, `written` naming them), the clock on 2 s a time, stepped to 5 s for a query
   * on times. CPU median of the updates in a clock step, and of those that start a new one.
   */
  polled: { updateCpuMedianMs: number; clockStepCpuMedianMs: number };
};

const MIN = 60_000;

/** The bench's rows: `watched` tasks, the first `live` running, the rest ended; and when this console first saw each. */
export function benchRows(watched: number, live: number, now: number): { rows: WatchedTask[]; firstSeen: Map<string, number> } {
  const rows: WatchedTask[] = [];
  const firstSeen = new Map<string, number>();
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < watched; i++) {
    const id = `Service_AI_${Math.floor(now - random() * 3 * 86_400_000).toString(36)}_${Math.floor(random() * 2 ** 48)
      .toString(16)
      .padStart(12, '0')}${i.toString(16).padStart(12, '0')}`;
    const isLive = i < live;
    const roll = random();
    const status = isLive ? 3 : roll < 0.8 ? 4 : roll < 0.92 ? 5 : 6;
    const updateTime = now - Math.floor(random() * 180 * MIN);
    const progress = isLive ? Math.floor(random() * 100) : status === 4 ? 100 : Math.floor(random() * 100);
    const snapshot: TaskSnapshot = {
      item: {
        taskId: id,
        taskStatus: status,
        taskProgress: progress,
        errorCode: status === 5 ? 3001 + Math.floor(random() * 3) : status === 6 ? 3100 : 0,
        targetVideoUrl: status === 4 ? `http://127.0.0.1/files/video/${id}` : null,
        updateTime,
      },
      checkedAt: now,
      changedAt: isLive ? now - Math.floor(random() * 10 * MIN) : updateTime,
      downloadUrl: status === 4 ? `http://127.0.0.1/files/video/${id}` : null,
      ...(isLive && { progressMarks: steadyMarks({ progress: 0, at: now - 20 * MIN }, { progress, at: now - MIN }) }),
      problem: null,
    };
    rows.push(buildRow(id, i, snapshot));
    firstSeen.set(id, updateTime - 10 * MIN);
  }
  return { rows, firstSeen };
}

/** Per keystroke: each prefix of `query` parsed, compiled and run over every row (3 rounds of typing, the first cold). */
export async function measureQueryTyping(query: string, watched: number, live: number): Promise<QueryFigures> {
  const now = Date.now();
  const { rows, firstSeen } = benchRows(watched, live, now);
  // A pause, as in the page (rows made at load, typing later): the collector's work on the new rows is not a keystroke's.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  // First-seen times as the page reads them: the history's map once per position (first-seen-by-position.ts).
  const ctx: QueryContext = { now, stallMs: 5 * MIN, firstSeen: firstSeenByPosition(rows, (id) => firstSeen.get(id)) };
  const keys: number[] = [];
  const keysCpu: number[] = [];
  const timed = (run: () => void, wall: number[], cpu: number[]) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  };
  for (let round = 0; round < 3; round++)
    for (let n = 1; n <= query.length; n++)
      timed(() => filterRows(rows, parseQuery(query.slice(0, n)).query, { ...ctx, now: now + n }), keys, keysCpu);
  // Through the list's filter: a run when the canonical print changes (as use-query-rows.ts), timing each slice.
  const cpuNow = () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  const slicedKeys: number[] = [];
  const slices: number[] = [];
  const examined: number[] = [];
  for (let round = 0; round < 3; round++) {
    const filter = createRowFilter();
    let printed: string | null = null;
    for (let n = 1; n <= query.length; n++) {
      const c0 = cpuNow();
      const parsed = parseQuery(query.slice(0, n)).query;
      const canonical = printQuery(parsed);
      if (canonical !== printed) {
        printed = canonical;
        const run = filter.start({ rows, version: 0, terms: parseQuery(canonical).query.terms, ctx: { ...ctx, now } });
        for (let done = false; !done;) {
          const s0 = cpuNow();
          done = run.step();
          slices.push(cpuNow() - s0);
        }
        if (run.total > 0) examined.push(run.examined);
      }
      slicedKeys.push(cpuNow() - c0);
    }
  }
  // Poll updates through the list's filter (see QueryFigures.polled); the rows copied, as the updates write them.
  const polledRows = rows.slice();
  const log: number[][] = [];
  const polledFilter = createRowFilter();
  const polledTerms = parseQuery(printQuery(parseQuery(query).query)).query.terms;
  const stepOf = (t: number) => t - (t % 5_000);
  const runThrough = (version: number, t: number) => {
    const run = polledFilter.start({
      rows: polledRows,
      version,
      terms: polledTerms,
      ctx: { ...ctx, now: stepOf(t) },
      // log[v - 1] holds the positions version v wrote.
      written: (since) => log.slice(since).flat(),
    });
    while (!run.step());
  };
  runThrough(0, now);
  const polledUpdates: number[] = [];
  const clockSteps: number[] = [];
  for (let version = 1; version <= 30; version++) {
    const t = now + version * 2_000;
    const positions: number[] = [];
    for (let p = 0; p < Math.min(live, polledRows.length); p++) {
      const { id, snapshot } = polledRows[p]!;
      const item = snapshot?.item;
      if (!snapshot || !item) continue;
      const next = { ...item, taskProgress: Math.min(99, item.taskProgress + 1), updateTime: t };
      polledRows[p] = buildRow(id, p, { ...snapshot, item: next, checkedAt: t });
      positions.push(p);
    }
    log.push(positions);
    const c0 = cpuNow();
    runThrough(version, t);
    (stepOf(t) !== stepOf(t - 2_000) ? clockSteps : polledUpdates).push(cpuNow() - c0);
  }
  const updates: number[] = [];
  const updatesCpu: number[] = [];
  let matched = 0;
  for (let u = 0; u < 20; u++)
    timed(() => void (matched = filterRows(rows, parseQuery(query).query, { ...ctx, now: now + u * 2_000 }).length), updates, updatesCpu);
  return {
    query,
    rows: rows.length,
    keystrokes: keys.length,
    keyMaxMs: Math.max(...keys),
    keyP95Ms: percentile(keys, 0.95),
    keyCpuMaxMs: Math.max(...keysCpu),
    keyCpuP95Ms: percentile(keysCpu, 0.95),
    updateMaxMs: Math.max(...updates),
    updateMedianMs: percentile(updates, 0.5),
    updateCpuMedianMs: percentile(updatesCpu, 0.5),
    matched,
    sliced: {
      keyCpuP50Ms: percentile(slicedKeys, 0.5),
      keyCpuP95Ms: percentile(slicedKeys, 0.95),
      keyCpuMaxMs: Math.max(...slicedKeys),
      sliceCpuMaxMs: Math.max(0, ...slices),
      examinedMedian: percentile(examined, 0.5),
      examinedMax: Math.max(0, ...examined),
    },
    polled: { updateCpuMedianMs: percentile(polledUpdates, 0.5), clockStepCpuMedianMs: percentile(clockSteps, 0.5) },
  };
}

/** The figures as a table, with the load average (a loaded machine stretches wall-clock times, not CPU times). */
export function printQueryFigures(f: QueryFigures): void {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const rows: Array<[string, string]> = [
    ['query (rows, matched)', `${f.query} (${f.rows.toLocaleString('en-US')}, ${f.matched.toLocaleString('en-US')})`],
    // The page's own filter in one pass: the page runs it for lists under 16,384 rows (a longer one goes to the list's
    // worker, which keeps each ID lower-cased; the page's rows do not), so over 100,000 rows this is a ceiling.
    [`per keystroke, parse+compile+filter, the page's filter (${f.keystrokes}): max / p95`, `${ms(f.keyMaxMs)} / ${ms(f.keyP95Ms)}`],
    ['  the same in CPU time: max / p95', `${ms(f.keyCpuMaxMs)} / ${ms(f.keyCpuP95Ms)}`],
    [
      'per poll update with the query: median / max (CPU median)',
      `${ms(f.updateMedianMs)} / ${ms(f.updateMaxMs)} (${ms(f.updateCpuMedianMs)})`,
    ],
    [
      "through the list's filter (narrowing, slices), CPU per key: p50 / p95 / max",
      `${ms(f.sliced.keyCpuP50Ms)} / ${ms(f.sliced.keyCpuP95Ms)} / ${ms(f.sliced.keyCpuMaxMs)}`,
    ],
    [
      '  longest slice (CPU); rows read per filtering key: median / max',
      `${ms(f.sliced.sliceCpuMaxMs)}; ${f.sliced.examinedMedian} / ${f.sliced.examinedMax}`,
    ],
    [
      '  per poll update (the live rows written), CPU median: in a clock step / at a new one',
      `${ms(f.polled.updateCpuMedianMs)} / ${ms(f.polled.clockStepCpuMedianMs)}`,
    ],
    ['load average (1 min) while measured', loadavg()[0]!.toFixed(1)],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n| ${'query language (model level, Node)'.padEnd(w)} | value |\n|${'-'.repeat(w + 2)}|-------|`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(w)} | ${v} |`);
}
