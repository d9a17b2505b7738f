import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { freePort, startServer } from './proxy-server';
import { fillAndSynthesize, seedConnection, uniqueUserId } from './speech-helpers';

/**
 * Proxy mode end to end: a second embedded gateway plays the real gateway on its own port, and a
 * console server proxies to it (GATEWAY_URL). The gateway's audio URLs point at the other origin,
 * which sends no CORS headers, so only the console server's audio relay lets the page read them.
 */
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
