#!/usr/bin/env node
// The spec files to start first (e2e/longest-first.ts), from a Playwright JSON report of a whole browser run
// (`npx playwright test --reporter=json` or PLAYWRIGHT_JSON_OUTPUT_NAME with `--reporter=list,json`): files ranked by
// their longest single test, since with fullyParallel each test is scheduled on its own and the one queued last sets
// the tail. Prints each file's longest test and total worker time, then the list to paste.
// Usage: node scripts/e2e-longest-first.mjs report.json [count=8]
import { readFileSync } from 'node:fs';

const [file, count = '8'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/e2e-longest-first.mjs <playwright-report.json> [count]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
/** @type {Map<string, { longest: number, total: number }>} */
const byFile = new Map();
const visit = (suite) => {
  for (const child of suite.suites ?? []) visit(child);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        const seen = byFile.get(spec.file) ?? { longest: 0, total: 0 };
        seen.longest = Math.max(seen.longest, result.duration);
        seen.total += result.duration;
        byFile.set(spec.file, seen);
      }
    }
  }
};
for (const suite of report.suites ?? []) visit(suite);
const ranked = [...byFile].sort((a, b) => b[1].longest - a[1].longest);
for (const [name, { longest, total }] of ranked) {
  console.log(`${(longest / 1000).toFixed(1).padStart(7)} s longest ${(total / 1000).toFixed(1).padStart(7)} s total  ${name}`);
}
console.log(
  `\n${JSON.stringify(
    ranked.slice(0, Number(count)).map(([name]) => name),
    null,
    2,
  )}`,
);
