#!/usr/bin/env node
// `npm test`: unit tests (Vitest) then browser tests (Playwright in Chromium), each with a JSON
// report, summed into one last line `N passed, N failed, N skipped` that CI's log reader knows.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, NO_CHROMIUM_MESSAGE } from './lib/find-chromium.mjs';

const chromium = findChromium();
if (!chromium) {
  console.error(NO_CHROMIUM_MESSAGE);
  process.exit(1);
}

const reportDir = mkdtempSync(join(tmpdir(), 'console-test-report-'));
const vitestReport = join(reportDir, 'vitest.json');
const playwrightReport = join(reportDir, 'playwright.json');

const vitestExit = await run('node_modules/.bin/vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const playwrightExit = await run('node_modules/.bin/playwright', ['test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  CHROMIUM_PATH: chromium,
});

const unit = vitestCounts(readJson(vitestReport), vitestExit);
const browser = playwrightCounts(readJson(playwrightReport), playwrightExit);
rmSync(reportDir, { recursive: true, force: true });

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
