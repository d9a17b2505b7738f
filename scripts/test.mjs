#!/usr/bin/env node
// `npm test`: unit tests (Vitest) then browser tests (Playwright in Chromium), each with a JSON
// report, summed into one last line `N passed, N failed, N skipped` that CI's log reader knows.
// Arguments go to Vitest (a file filter, say); the browser half always runs whole. Without a
// Chromium the unit half still runs, and the browser half counts as one failure that says why.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTestChromium, NO_CHROMIUM_MESSAGE } from './lib/find-chromium.mjs';

const chromium = findTestChromium();
const reportDir = mkdtempSync(join(tmpdir(), 'console-test-report-'));
// Removed however the run ends: a run stopped by Ctrl-C or a CI timeout left it behind.
process.once('exit', () => rmSync(reportDir, { recursive: true, force: true }));
// Ctrl-C reaches the runner too (same process group); a SIGTERM (a CI timeout) is passed on to it,
// so no Playwright run and its server outlive this script.
let runner = null;
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => {
  runner?.kill('SIGTERM');
  process.exit(143);
});
const vitestReport = join(reportDir, 'vitest.json');
const playwrightReport = join(reportDir, 'playwright.json');

const vitestExit = await run('node_modules/.bin/vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
  ...process.argv.slice(2),
]);
const playwrightExit = chromium
  ? await run('node_modules/.bin/playwright', ['test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      CHROMIUM_PATH: chromium,
    })
  : 1;

const vitestJson = readJson(vitestReport);
const unit = vitestCounts(vitestJson, vitestExit);
const browser = playwrightCounts(readJson(playwrightReport), playwrightExit);

// Skipped unit tests by name: the ones that need root say so in theirs.
const skippedNames = skippedUnitTests(vitestJson);
if (skippedNames.length > 0) console.log(`\nunit tests skipped:\n${skippedNames.map((name) => `  - ${name}`).join('\n')}`);
if (!chromium) console.error(`\nbrowser tests not run (counted as 1 failure): ${NO_CHROMIUM_MESSAGE}`);

const passed = unit.passed + browser.passed;
const failed = unit.failed + browser.failed;
const skipped = unit.skipped + browser.skipped;
console.log(`\nunit: ${describe(unit)}; browser: ${describe(browser)}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 || vitestExit !== 0 || playwrightExit !== 0 ? 1 : 0);

/** @returns {Promise<number>} */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    runner = child;
    child.on('error', (err) => {
      console.error(`${command}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// A runner that exits non-zero without reporting a failed test (crash, config or server error)
// still counts as one failure, so the summary can never look green when it was not.
function vitestCounts(report, exitCode) {
  const counts = {
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
  };
  if (exitCode !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

function skippedUnitTests(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'skipped' || test.status === 'pending' || test.status === 'todo')
      .map((test) => test.fullName ?? test.title),
  );
}

function playwrightCounts(report, exitCode) {
  const stats = report?.stats ?? {};
  const counts = {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
  if (exitCode !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

// Per-runner counts use '/' so only the final line has the shape CI's log reader looks for.
function describe({ passed, failed, skipped }) {
  return `${passed} passed / ${failed} failed / ${skipped} skipped`;
}
