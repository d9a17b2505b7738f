import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fillAndSynthesize, seedConnection, uniqueUserId } from './speech-helpers';

/**
 * Proxy mode end to end: a second embedded gateway plays the real gateway on its own port, and a
 * console server proxies to it (GATEWAY_URL). The gateway's audio URLs point at the other origin,
 * which sends no CORS headers, so only the console server's audio relay lets the page read them.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn('node_modules/.bin/tsx', ['server/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'proxy-audio-')),
      DIST_DIR: join(process.env.E2E_WORK_DIR ?? '.', 'dist'),
      GATEWAY_TOKENS: 'dev-token',
      STATUS_AUTH: 'optional',
      ...env,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/_console/info`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${port} did not start`);
}

const children: ChildProcess[] = [];
let consoleOrigin = '';
let gatewayOrigin = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const [gatewayPort, consolePort] = [await freePort(), await freePort()];
  gatewayOrigin = `http://127.0.0.1:${gatewayPort}`;
  consoleOrigin = `http://127.0.0.1:${consolePort}`;
  children.push(await startServer(gatewayPort, { GATEWAY_URL: '' }));
  children.push(await startServer(consolePort, { GATEWAY_URL: `${gatewayOrigin}/api` }));
});

test.afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

test('proxy mode: the gateway audio on another origin is read through the relay, so it is kept and drawn', async ({ page }) => {
  test.setTimeout(60_000);
  await seedConnection(page, uniqueUserId());
  const relayed: string[] = [];
  page.on('request', (r) => void (r.url().startsWith(`${consoleOrigin}/api/_console/audio?u=`) && relayed.push(r.url())));
  await page.goto(`${consoleOrigin}/speech`);
  await fillAndSynthesize(page, { text: 'The proxy relays this audio to the console.' });
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText(/^Yes, .* in this browser$/)).toBeVisible({ timeout: 30_000 });
  await expect(result.getByRole('img', { name: /^Waveform, / })).toBeVisible();
  expect(relayed).toHaveLength(1);
  expect(decodeURIComponent(relayed[0]!.split('?u=')[1]!)).toMatch(new RegExp(`^${gatewayOrigin}/api/files/audio/`));
  await expect(page.getByRole('region', { name: 'History' }).getByText(/audio not kept/)).toHaveCount(0);
});
