#!/usr/bin/env node
// `npm test`: unit tests (Vitest) and browser tests (Playwright in Chromium) side by side, each with a
// JSON report, summed into one last line `N passed, N failed, N skipped` that CI's log reader knows.
// Playwright's lines stream as they come; Vitest's are held and printed whole when it ends, so the two
// never interleave. Side by side, one half's waits (servers starting, pages loading, tests sleeping
// on purpose) are the other's CPU: on the 2-core CI machine the halves in a row left a core idle about
// a fifth of the time. `TEST_IN_A_ROW=1` runs them one after the other (to read a failure under less
// load). Arguments go to Vitest (a file filter, say); the browser half always runs whole. Without a
// Chromium the unit half still runs, and the browser half counts as one failure that says why. The Firefox project
// (e2e/firefox/) runs where a Firefox is found, as a Playwright run of its own on the next two ports; its audio needs a
// sound server, started here when none answers and stopped by its PID at the end. It and the WebKit journeys
// (e2e/webkit/, node:test over WebKitWebDriver) start when the first of the two halves ends. The closing summary counts
// each browser engine apart.
// TEST_BROWSERS_AFTER (set by .ci/run, which installs the browsers' Debian packages beside the unit half) names a file
// to wait for before the browsers start, holding the installer's exit status: the unit half starts at once.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTestChromium, NO_CHROMIUM_MESSAGE } from './lib/find-chromium.mjs';
import { findFirefox, NO_FIREFOX_MESSAGE } from './lib/find-firefox.mjs';
import { startSoundServerIfNone } from './lib/sound-server.mjs';
import { missingForWebKit, noWebKitMessage } from './lib/find-webkit.mjs';

const reportDir = mkdtempSync(join(tmpdir(), 'console-test-report-'));
// Removed however the run ends: a run stopped by Ctrl-C or a CI timeout left it behind.
process.once('exit', () => rmSync(reportDir, { recursive: true, force: true }));
// Ctrl-C reaches the runners too (same process group); a SIGTERM (a CI timeout) is passed on to
// them, so no Playwright run and its server outlive this script.
const runners = new Set();
// Started below when Firefox runs and no sound server answers; stopped however the run ends.
let soundServer = null;
process.once('exit', () => soundServer?.kill());
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => {
  for (const runner of runners) runner.kill('SIGTERM');
  process.exit(143);
});
const vitestReport = join(reportDir, 'vitest.json');
const playwrightReport = join(reportDir, 'playwright.json');
const firefoxReport = join(reportDir, 'playwright-firefox.json');
const webkitReport = join(reportDir, 'webkit.tap');
const inARow = process.env.TEST_IN_A_ROW === '1';

const browsersAfter = process.env.TEST_BROWSERS_AFTER;
const unitHalf = () =>
  run(
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...process.argv.slice(2)],
    {},
    { held: !inARow && (browsersAfter !== undefined || findTestChromium() !== null), title: 'unit tests (Vitest)' },
  );
// Started first when the browsers wait for their packages; else in its turn below.
const unitStarted = browsersAfter !== undefined && !inARow ? unitHalf() : null;
const installed = await browsersInstalled(browsersAfter);
const chromium = installed ? findTestChromium() : null;
const firefox = installed ? findFirefox() : null;
const webkitMissing = installed ? missingForWebKit() : null;
/**
 * One Playwright run of `project`'s tests, its JSON report written to `report`, its files (downloads, traces) under
 * `output`. Each run its own: a run empties its output folder as it starts, and Firefox's starts while Chromium's runs
 * (a Chromium journey lost the download it was reading, "ENOENT … test-results/.playwright-artifacts-2/…").
 */
const playwrightRun = (project, report, env = {}, options = undefined) =>
  run(
    'node_modules/.bin/playwright',
    ['test', `--project=${project}`, '--reporter=list,json', `--output=test-results/${project}`],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report, CHROMIUM_PATH: chromium, ...env },
    options,
  );
// Chromium's projects; Firefox's journeys are a Playwright run of their own, on the next two ports.
const browserHalf = () => (chromium ? playwrightRun('chromium', playwrightReport) : Promise.resolve(1));
const port = Number(process.env.E2E_PORT ?? 4318);
const firefoxRun = () =>
  chromium && firefox
    ? playwrightRun(
        'firefox',
        firefoxReport,
        { E2E_PORT: String(port + 2), E2E_STAND_IN_PORT: String(port + 3) },
        { held: !inARow, title: 'Firefox journeys (Playwright)' },
      )
    : Promise.resolve(0);
const webkitRun = () =>
  webkitMissing?.length === 0
    ? run(
        process.execPath,
        [
          '--import',
          'tsx',
          '--test',
          '--test-reporter=spec',
          '--test-reporter-destination=stdout',
          '--test-reporter=tap',
          `--test-reporter-destination=${webkitReport}`,
          'e2e/webkit/operator-journeys.webkit.ts',
        ],
        {},
        { held: !inARow, title: 'WebKit journeys (node:test)' },
      )
    : Promise.resolve(1);
if (chromium && firefox) soundServer = await startSoundServerIfNone();
// Side by side, the Firefox and WebKit journeys start when the first half ends (on CI the unit half, ≈2 minutes before
// Chromium's), so they fill the cores the finished half leaves, and Chromium has both its workers from the start.
const [vitestExit, playwrightExit, [firefoxExit, webkitExit]] = inARow
  ? [await unitHalf(), await browserHalf(), [await firefoxRun(), await webkitRun()]]
  : await (() => {
      const halves = [unitStarted ?? unitHalf(), browserHalf()];
      return Promise.all([...halves, Promise.race(halves).then(() => Promise.all([firefoxRun(), webkitRun()]))]);
    })();

soundServer?.kill();
soundServer = null;

const vitestJson = readJson(vitestReport);
const unit = vitestCounts(vitestJson, vitestExit);
const playwrightJson = readJson(playwrightReport);
const firefoxJson = readJson(firefoxReport);
const browser = sumCounts(playwrightCounts(playwrightJson, playwrightExit), playwrightCounts(firefoxJson, firefoxExit));
const webkit = tapCounts(existsSync(webkitReport) ? readFileSync(webkitReport, 'utf8') : '', webkitExit);

// Skipped unit tests by name: the ones that need root say so in theirs.
const skippedNames = skippedUnitTests(vitestJson);
if (skippedNames.length > 0) console.log(`\nunit tests skipped:\n${skippedNames.map((name) => `  - ${name}`).join('\n')}`);
if (!installed) console.error('\nbrowser tests not run (counted as 1 failure): their Debian packages did not install (see the log)');
else if (!chromium) console.error(`\nbrowser tests not run (counted as 1 failure): ${NO_CHROMIUM_MESSAGE}`);
if (!installed) console.error('\nWebKit journeys not run (counted as 1 failure): their Debian packages did not install');
else if (webkitMissing && webkitMissing.length > 0)
  console.error(`\nWebKit journeys not run (counted as 1 failure): ${noWebKitMessage(webkitMissing)}`);

const passed = unit.passed + browser.passed + webkit.passed;
const failed = unit.failed + browser.failed + webkit.failed;
const skipped = unit.skipped + browser.skipped + webkit.skipped;
if (chromium && !firefox) console.log(`\nbrowser tests in Firefox not run: ${NO_FIREFOX_MESSAGE}`);
console.log(
  `\nunit: ${describe(unit)}; browser: ${describeEngines(browser, new Map([...engineCounts(playwrightJson), ...engineCounts(firefoxJson)]))}; webkit: ${describe(webkit)}`,
);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 || vitestExit !== 0 || playwrightExit !== 0 || firefoxExit !== 0 || webkitExit !== 0 ? 1 : 0);

/**
 * Waits for the file .ci/run's package installer leaves at its end (none named: nothing to wait for).
 * @returns {Promise<boolean>} whether the install succeeded (the file holds exit status 0)
 */
async function browsersInstalled(path) {
  if (path === undefined) return true;
  const started = Date.now();
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 200));
  const waited = (Date.now() - started) / 1000;
  if (waited >= 1) console.log(`(the browsers waited ${waited.toFixed(1)} s for their Debian packages)`);
  return readFileSync(path, 'utf8').trim() === '0';
}

/**
 * Runs a command to its end. Held: its output is kept and printed whole, under a title, when it ends.
 * @returns {Promise<number>}
 */
function run(command, args, env = {}, { held = false, title = command } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    runners.add(child);
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (err) => {
      console.error(`${command}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      runners.delete(child);
      if (held) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(
          `\n--- ${title}: ended after ${seconds} s ---\n${Buffer.concat(output).toString()}--- end of ${title} ---\n\n`,
        );
      }
      resolve(code ?? (signal ? 1 : 0));
    });
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

/** Each project's (browser engine's) counts, from the JSON report's tests; empty when there is no report. */
function engineCounts(report) {
  /** @type {Map<string, { passed: number, failed: number, skipped: number }>} */
  const engines = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const counts = engines.get(test.projectName) ?? { passed: 0, failed: 0, skipped: 0 };
        if (test.status === 'expected' || test.status === 'flaky') counts.passed++;
        else if (test.status === 'skipped') counts.skipped++;
        else counts.failed++;
        engines.set(test.projectName, counts);
      }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return engines;
}

/** The browser half's counts per engine (`chromium 171 passed / …; firefox 4 passed / …`), or its totals alone. */
function describeEngines(total, engines) {
  if (engines.size === 0) return describe(total);
  const parts = [...engines].sort(([a], [b]) => a.localeCompare(b)).map(([engine, counts]) => `${engine} ${describe(counts)}`);
  // A failure no test holds (a crash, a server that did not start) is in the totals only.
  const sum = [...engines.values()].reduce((a, c) => a + c.failed, 0);
  if (total.failed > sum) parts.push(`${total.failed - sum} failed outside any test`);
  return parts.join('; ');
}

// node:test's TAP summary (`# pass N`, `# fail N`, `# cancelled N`, `# skipped N`, `# todo N`); a cancelled test
// (its hook failed, say) is a failure.
function tapCounts(tap, exitCode) {
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  const counts = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
  if (exitCode !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

// Per-runner counts use '/' so only the final line has the shape CI's log reader looks for.
function sumCounts(a, b) {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped };
}

function describe({ passed, failed, skipped }) {
  return `${passed} passed / ${failed} failed / ${skipped} skipped`;
}
