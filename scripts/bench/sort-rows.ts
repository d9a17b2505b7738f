// The list's sort (src/features/tasks/board/table/sort-rows.ts) beside the comparator sort it replaced, alternated in one
// run, on the bench's rows (query-typing.ts): every row, and a fifth of them (what a narrowing query leaves). Node's V8;
// then Chromium, where a page's first sort is the cold one, with and without the idle warm-up the list does
// (warmUpSort). `npm run bench:sort [-- rounds]`.
import { loadavg } from 'node:os';
import type { WatchedTask } from '../../src/features/tasks/rows/task-rows';
import { sortRows } from '../../src/features/tasks/rows/sort-rows';
import { stubViteModules } from '../lib/stub-vite-modules';
import { median } from './main-thread-trace';

// The rows' models reach the i18n store, the columns their CSS Module (stub-vite-modules.ts).
stubViteModules();
const { benchRows } = await import('./query-typing');
const { sortKeyBy } = await import('../../src/features/tasks/board/table/task-columns');

/** The sort before: a comparator over the rows' positions, the keys read once into a typed array. */
function comparatorSort(rows: readonly WatchedTask[], key: (row: WatchedTask) => number, descending: boolean) {
  const n = rows.length;
  const keys = new Float64Array(n);
  const at = new Uint32Array(n);
  const index = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    keys[i] = key(rows[i]!);
    index[i] = rows[i]!.index;
    at[i] = i;
  }
  at.sort(descending ? (a, b) => keys[b]! - keys[a]! || index[b]! - index[a]! : (a, b) => keys[a]! - keys[b]! || index[a]! - index[b]!);
  return Array.from(at, (i) => rows[i]!);
}

const cpuMs = (run: () => void) => {
  const c0 = process.cpuUsage();
  run();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};

const rounds = Number(process.argv[2] ?? 7);
const { rows } = benchRows(100_000, 1_000, Date.now());
const fifth = rows.filter((_, i) => i % 5 === 2);
console.log(`load average ${loadavg()[0]!.toFixed(1)}; ${rounds} rounds alternated, the first (cold, as a page's first sort) apart`);
console.log('| rows | sort | comparator: first, median of the rest (CPU ms) | radix (now) | ratio of medians |');
console.log('|---|---|---|---|---|');
for (const list of [rows, fifth])
  for (const [sort, descending] of [
    ['updated', true],
    ['progress', false],
    ['status', false],
  ] as const) {
    const key = sortKeyBy(sort)!;
    const before: number[] = [];
    const after: number[] = [];
    for (let r = 0; r < rounds; r++) {
      before.push(cpuMs(() => comparatorSort(list, key, descending)));
      after.push(cpuMs(() => sortRows(list, key, descending)));
    }
    const now = sortRows(list, key, descending);
    if (!comparatorSort(list, key, descending).every((row, i) => row === now[i])) throw new Error(`the sorts disagree on ${sort}`);
    const [b, a] = [median(before.slice(1)), median(after.slice(1))];
    const cell = (first: number, rest: number) => `${first.toFixed(1)}, ${rest.toFixed(1)}`;
    console.log(
      `| ${list.length.toLocaleString('en')} | ${sort}${descending ? '-desc' : ''} | ${cell(before[0]!, b)} | ${cell(after[0]!, a)} | ${(a / b).toFixed(2)} |`,
    );
  }

// The same in Chromium (the console's engine), where a page's first sort is the cold one: each sort in a fresh page, the
// first and the next three sorts of one list, by update time, descending.
const { build } = await import('esbuild');
const { chromium } = await import('@playwright/test');
const { findChromium } = await import('../lib/find-chromium.mjs');
const bundle = await build({
  entryPoints: ['src/features/tasks/board/table/sort-rows.ts'],
  bundle: true,
  format: 'iife',
  globalName: 'radix',
  write: false,
  logLevel: 'error',
});
const sources = {
  comparator: `globalThis.comparator = { sortRows: ${comparatorSort.toString()} };`,
  radix: `${bundle.outputFiles[0]!.text}; globalThis.radix = radix;`,
};
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
console.log("\nChromium: ms (wall) of a fresh page's first sort, then its next three; rounds alternated");
console.log('| rows | sort | round | comparator | radix (now), cold | radix after the warm-up (its own ms first) |');
console.log('|---|---|---|---|---|---|');
for (const n of [100_000, 20_000])
  for (let round = 1; round <= 3; round++) {
    const cells: string[] = [];
    for (const [name, source, warm] of [...Object.entries(sources), ['radix', sources.radix, true] as const]) {
      const page = await browser.newPage();
      const [warmMs, ...times] = await page.evaluate(
        async ([src, name, n, warm]) => {
          (0, eval)(src);
          const rows = Array.from({ length: n }, (_, i) => ({ index: i, updateTime: 1.764e12 + ((i * 7_919) % 10_000_000) }));
          // Made by eval: tsx would name an arrow function here with a helper the page does not have.
          const key = (0, eval)('(r) => r.updateTime') as (r: { updateTime: number }) => number;
          const lib = (
            globalThis as unknown as Record<
              string,
              { sortRows: (...a: unknown[]) => unknown; warmUpSort?: (rows: unknown[], key: (row: never) => number) => void }
            >
          )[name]!;
          let warmMs = 0;
          if (warm) {
            // Its idle callback, then this one after it.
            lib.warmUpSort!(rows, key);
            const t0 = performance.now();
            await new Promise((done) => requestIdleCallback(done));
            warmMs = performance.now() - t0;
          }
          return [
            warmMs,
            ...Array.from({ length: 4 }, () => {
              const t0 = performance.now();
              lib.sortRows(rows, key, true);
              return performance.now() - t0;
            }),
          ];
        },
        [source, name, n, Boolean(warm)] as const,
      );
      cells.push(
        `${warm ? `(${warmMs!.toFixed(1)}) ` : ''}${times[0]!.toFixed(1)}; ${times
          .slice(1)
          .map((t) => t.toFixed(1))
          .join(', ')}`,
      );
      await page.close();
    }
    console.log(`| ${n.toLocaleString('en')} | updated-desc | ${round} | ${cells.join(' | ')} |`);
  }
await browser.close();
