import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium, NO_CHROMIUM_MESSAGE } from './scripts/lib/find-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4318);
// Set once in the runner; workers inherit it, so they all see the same server's data directory.
process.env.E2E_WORK_DIR ??= mkdtempSync(join(tmpdir(), 'console-e2e-'));
const workDir = process.env.E2E_WORK_DIR;
const distDir = join(workDir, 'dist');

const chromium = findChromium();
if (!chromium) throw new Error(NO_CHROMIUM_MESSAGE);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Outside hosts do not resolve on this closed network; stop Chromium's background look-ups.
      args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // What `npm start` does, with this checkout's source built into a private directory so a
    // run never serves a stale dist/ and never disturbs someone else's.
    command: `node_modules/.bin/vite build --logLevel warn --outDir ${distDir} --emptyOutDir && node_modules/.bin/tsx server/start.ts`,
    url: `http://127.0.0.1:${port}/api/_console/info`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(workDir, 'data'),
      DIST_DIR: distDir,
      GATEWAY_URL: '',
      GATEWAY_TOKENS: 'dev-token',
      STATUS_AUTH: 'optional',
    },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
