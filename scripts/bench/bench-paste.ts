// tsx scripts/bench/bench-paste.ts [--ids N] [--repeat R] — paste, file import and share link of N
// (default 100,000) real task IDs on the built console (see dashboard-paste.ts), R times (default 1);
// prints a table of medians and one JSON line. Not part of CI. bench:dashboard -- --paste runs the
// same measurement after its own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { findChromium } from '../lib/find-chromium.mjs';
import { seedProfileScript } from '../lib/seed-profile';
import { startBenchServer } from '../lib/start-server';
import { createBenchTasks, measurePaste, openTasksPage, type PasteFigures } from './dashboard-paste';

const { values } = parseArgs({ options: { ids: { type: 'string', default: '100000' }, repeat: { type: 'string', default: '1' } } });
const count = Number(values.ids);
const repeat = Number(values.repeat);
const user = String(Date.now() % 1e9);
const dist = mkdtempSync(join(tmpdir(), 'bench-paste-dist-'));
execFileSync(
  'node_modules/.bin/vite',
  [
    'build',
    '--logLevel',
    'warn',
    '--outDir',
    dist,
    '--emptyOutDir',
    ...(process.env.BENCH_PROFILE || process.env.BENCH_TRACE ? ['--minify', 'false'] : []),
  ],
  { stdio: 'inherit' },
);
const server = await startBenchServer('bench-paste-', { DIST_DIR: dist });

try {
  const ids = await createBenchTasks(server.base, user, count);
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined });
  const runs: PasteFigures[] = [];
  for (let i = 0; i < repeat; i++) {
    runs.push(await measurePaste(() => openTasksPage(browser, server.base, seedProfileScript(user)), ids));
    console.log(JSON.stringify(runs.at(-1)));
  }
  await browser.close();
  const median = (key: keyof PasteFigures) => {
    const xs = runs
      .map((r) => r[key])
      .filter((x): x is number => typeof x === 'number')
      .sort((a, b) => a - b);
    return xs.length ? xs[Math.floor((xs.length - 1) / 2)]! : null;
  };
  const keys = Object.keys(runs[0]!).filter((k) => k !== 'shareNote') as Array<keyof PasteFigures>;
  console.log(`\n| ${count} IDs, median of ${repeat} | value |\n|---|---|`);
  for (const k of keys) console.log(`| ${k} | ${median(k)} |`);
  console.log(`| share link | ${runs[0]!.shareNote} |`);
  console.log(JSON.stringify({ ids: count, ...Object.fromEntries(keys.map((k) => [k, median(k)])) }));
} finally {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
}
