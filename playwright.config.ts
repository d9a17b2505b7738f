import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { findTestChromium, NO_CHROMIUM_MESSAGE } from './scripts/lib/find-chromium.mjs';
import { findFirefox, NO_FIREFOX_MESSAGE } from './scripts/lib/find-firefox.mjs';
import { servedDist } from './e2e/served-dist';
import { LONGEST_FIRST } from './e2e/longest-first';
import { BUNDLE_DIR } from './server/build/bundle-server.mjs';

const port = Number(process.env.E2E_PORT ?? 4318);
// Set once in the runner; workers inherit it, so they all see the same server's data directory.
if (process.env.E2E_WORK_DIR === undefined) {
  const made = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  process.env.E2E_WORK_DIR = made;
  // What the specs, their servers and Chromium put under os.tmpdir() goes in it too (workers
  // inherit TMPDIR), and all of it is removed when the runner exits: after the web server has
  // stopped, which a globalTeardown would not wait for (it runs before plugins stop).
  const tmp = join(made, 'tmp');
  mkdirSync(tmp);
  process.env.E2E_OUTER_TMPDIR = tmpdir();
  process.env.TMPDIR = tmp;
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
}
const workDir = process.env.E2E_WORK_DIR;
// The server bundled once for the run (e2e/served-server.ts), like E2E_WORK_DIR in the runner only, before any web
// server starts (a reused one too: the specs' own servers run it). Under dist-server/, not the work dir: the bundle's
// packages resolve from the checkout's node_modules. A child process: esbuild's plugins need its asynchronous API.
if (process.env.E2E_SERVER_BUNDLE === undefined) {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const bundleDir = mkdtempSync(join(BUNDLE_DIR, 'e2e-'));
  process.once('exit', () => rmSync(bundleDir, { recursive: true, force: true }));
  execFileSync(process.execPath, ['server/build/bundle-server.mjs', bundleDir], { stdio: 'inherit' });
  process.env.E2E_SERVER_BUNDLE = join(bundleDir, 'start.mjs');
}
const serverBundle = process.env.E2E_SERVER_BUNDLE;
const runServer = `node --enable-source-maps ${serverBundle}`;

// CI's build when .ci/run names it (E2E_DIST_DIR), else this checkout built fresh into the run's directory (e2e/served-dist.ts).
const { dir: distDir, prebuilt } = servedDist();
if (prebuilt && !existsSync(join(distDir, 'index.html'))) throw new Error(`E2E_DIST_DIR=${distDir} holds no build (no index.html)`);
const buildStep = prebuilt ? '' : `node_modules/.bin/vite build --logLevel warn --outDir ${distDir} --emptyOutDir && `;

const chromium = findTestChromium();
if (!chromium) throw new Error(NO_CHROMIUM_MESSAGE);
// The operator's core journeys in Firefox too (e2e/firefox/, issue 40): Debian's Firefox ESR over WebDriver BiDi. Where
// none is installed the project is left out (scripts/test.mjs says so); CI installs it, and there its absence fails.
const firefox = findFirefox();
if (!firefox && process.env.CI) throw new Error(NO_FIREFOX_MESSAGE);
// A regular expression: a glob would also match a checkout whose own path has a folder named firefox.
const FIREFOX_JOURNEYS = /\/e2e\/firefox\/[^/]+\.spec\.ts$/;

const config = defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Here a failed test keeps its trace (actions, DOM snapshots, network, console), without the screenshot film
    // strip: recording it screencasts every page of every test, passing or not: about a fifth of the run's CPU (a
    // 49-test subset, 303–312 → 236–265 CPU s; the GPU process alone 30 → 10 s). On CI, none: its clean clone is
    // thrown away with every trace in it, and recording the DOM snapshots cost 28 % of the run's CPU (a 39-test
    // subset, 166 → 119 CPU s). The log keeps each failure's error and call log. No test asserts on a trace.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromium,
      // Outside hosts do not resolve on this closed network; stop Chromium's background look-ups.
      args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
    },
  },
  // Two projects of one browser, the longest specs' first: Playwright queues a project's tests before the next one's
  // (a file list alone does not: files run in name order). One project more costs each worker one restart.
  // Firefox's journeys first: each is long (a whole operator journey) and its worker's Firefox launch is slow.
  projects: [
    ...(firefox
      ? [
          {
            name: 'firefox',
            testMatch: FIREFOX_JOURNEYS,
            // One Firefox for the project (a launch costs ≈ 3.7 s of CPU); the other worker runs Chromium's tests meanwhile.
            workers: 1,
            use: {
              browserName: 'firefox' as const,
              // The `moz-` channel drives a stock Firefox over WebDriver BiDi (the transport shim: e2e/firefox/setup.ts).
              channel: 'moz-firefox',
              viewport: { width: 1280, height: 720 },
              launchOptions: {
                executablePath: firefox,
                // Firefox's download panel opens over the page after a download and takes the editing keys (Backspace,
                // Shift+Home did nothing in the page, letters still typed); the operator's panel is not under test.
                firefoxUserPrefs: { 'browser.download.alwaysOpenPanel': false },
              },
            },
          },
        ]
      : []),
    { name: 'chromium', testMatch: [...LONGEST_FIRST], use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', testIgnore: [...LONGEST_FIRST, FIREFOX_JOURNEYS], use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: {
    // What `npm start` does, on the build chosen above (distDir): the server bundled, then run by plain node.
    command: `${buildStep}${runServer}`,
    url: `http://127.0.0.1:${port}/api/_console/info`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(workDir, 'data'),
      DIST_DIR: distDir,
      GATEWAY_URL: '',
      GATEWAY_TOKENS: 'dev-token',
      STATUS_AUTH: 'optional',
      // One JSON line per request would bury the server's own messages in the run's output.
      ACCESS_LOG: 'off',
      // The server writes only under DATA_DIR.
      TMPDIR: process.env.E2E_OUTER_TMPDIR ?? tmpdir(),
    },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

// ── The stand-in speech engine (issue 37) ───────────────────────────────────────────────────
// A second server on the next port, serving the same build, whose embedded gateway speaks with
// the deterministic stand-in (SPEECH_ENGINE=stand-in; the joiner, encoders and audio store still
// run). Specs whose subject is the page use it through e2e/speech-engine.ts; the journeys that say
// "synthesizes and it plays" keep the real engine on `port`. docs/performance.md lists them.
// Playwright starts the servers in order, so the build is there before this one starts.
const standInPort = Number(process.env.E2E_STAND_IN_PORT ?? port + 1);
process.env.E2E_STAND_IN_URL = `http://127.0.0.1:${standInPort}`;
const realEngine = config.webServer as Extract<PlaywrightTestConfig['webServer'], { command: string }>;
export default defineConfig({
  ...config,
  webServer: [
    realEngine,
    {
      ...realEngine,
      command: runServer,
      url: `${process.env.E2E_STAND_IN_URL}/api/_console/info`,
      env: { ...realEngine.env, PORT: String(standInPort), DATA_DIR: join(workDir, 'data-stand-in'), SPEECH_ENGINE: 'stand-in' },
    },
  ],
});
