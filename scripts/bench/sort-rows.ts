// The list's sort (src/features/tasks/board/table/sort-rows.ts) beside the comparator sort it replaced, alternated in one
// run, on the bench's rows (query-typing.ts): every row, and a fifth of them (what a narrowing query leaves). Node's V8;
// the page runs the same code. `npm run bench:sort [-- rounds]`.
import { loadavg } from 'node:os';
import type { WatchedTask } from '../../src/features/tasks/rows/task-rows';
import { sortRows } from '../../src/features/tasks/board/table/sort-rows';
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
