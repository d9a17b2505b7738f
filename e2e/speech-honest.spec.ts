import { axeBuilder } from './axe';
import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { startHostileGateway, type HostileGateway } from '../src/testing/hostile-gateway/hostile-gateway';
import { expectNoUnsafeUrls, expectNothingRan, openWithGateway } from './hostile-helpers';
import { freePort, startServer } from './proxy-server';
import { fillAndSynthesize, openStudio, seedConnection, uniqueUserId } from './speech-helpers';
import { STAND_IN_ENGINE } from './speech-engine';

// The page's own rendering must keep the gateway's HTML inert (e2e/security.spec.ts covers the CSP).
test.use({ bypassCSP: true });
// Where alerts and focus go: the good takes come from the stand-in engine (docs/performance.md).
test.use(STAND_IN_ENGINE);

let gateway: HostileGateway;
test.beforeAll(async () => {
  gateway = await startHostileGateway();
});
test.afterAll(async () => gateway.close());

const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const history = (page: Page) => page.getByRole('region', { name: 'History' });
const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

test('an audio URL that answers an HTML page with 200 is an error, not a take: nothing kept, nothing to download', async ({ page }) => {
  const watch = await openWithGateway(page, gateway.caseUrl('audio-html-200'), { path: '/speech' });
  await fillAndSynthesize(page, { text: 'Hello from a hostile test.' });
  const alert = page.getByRole('alert').filter({ hasText: 'The audio URL did not answer audio' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The audio URL answered HTTP 200 (text/html;charset=UTF-8');
  await expect(alert).toContainText('which is not audio: "<!doctype html><html><head><title>Sign in</title><script>');
  await expect(alert).toContainText('…');
  await expect(alert).toContainText(/Nothing was kept from task Service_AI_tts_\d+/);
  await expect(alert).toBeInViewport();
  await expect(result(page)).not.toContainText('Audio kept');
  await expect(result(page)).not.toContainText('Synthesize some text');
  await expect(page.locator('audio')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Download|audio URL/ })).toHaveCount(0);
  await expect(history(page)).toContainText('0 takes');
  await expectNothingRan(page, watch);
  await expectNoUnsafeUrls(page);
});

test.describe('proxy mode', () => {
  const children: ChildProcess[] = [];
  let consoleOrigin = '';
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    consoleOrigin = `http://127.0.0.1:${port}`;
    children.push(await startServer(port, { GATEWAY_URL: gateway.caseUrl('audio-html-no-cors') }));
  });
  test.afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
  });

  test('a page the relay serves as an octet-stream for the audio URL is an error, not a take', async ({ page }) => {
    const relayed: string[] = [];
    page.on('request', (r) => void (r.url().startsWith(`${consoleOrigin}/api/_console/audio?u=`) && relayed.push(r.url())));
    await seedConnection(page, uniqueUserId());
    await page.goto(`${consoleOrigin}/speech`);
    await fillAndSynthesize(page, { text: 'Relayed, but not audio.' });
    const alert = page.getByRole('alert').filter({ hasText: 'The audio URL did not answer audio' });
    await expect(alert).toContainText('The audio URL answered HTTP 200 (application/octet-stream');
    await expect(alert).toContainText('which is not audio: "<!doctype html>');
    expect(relayed).toHaveLength(1);
    await expect(page.locator('audio')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Download|audio URL/ })).toHaveCount(0);
    await expect(history(page)).toContainText('0 takes');
  });
});

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 720 }],
  ['phone', { width: 390, height: 700 }],
] as const) {
  test(`${device}: a failed Synthesize (10091) shows its alert in view with focus on it; a good one keeps focus`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const userId = uniqueUserId();
    expect((await request.put(`/api/_emulator/users/${userId}`, { data: { points: 0 } })).ok()).toBe(true);
    await openStudio(page, userId);
    await fillAndSynthesize(page, { text: 'No points left for this.' });
    const alert = page.getByRole('alert').filter({ hasText: `Not enough points for user ${userId}` });
    await expect(alert).toContainText('code 10091');
    // All of it, not just its top edge under the button.
    await expect(alert).toBeInViewport({ ratio: 1 });
    expect(await focusIsOnBody(page)).toBe(false);
    await expect(result(page)).toContainText('code 10091');
    await expect(result(page)).not.toContainText('Synthesize some text');

    expect((await request.put(`/api/_emulator/users/${userId}`, { data: { points: 1000 } })).ok()).toBe(true);
    await page.getByRole('button', { name: 'Synthesize' }).click();
    await expect(history(page).getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
    await expect(alert).toHaveCount(0);
    expect(await focusIsOnBody(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Synthesize' })).toBeFocused();
  });
}

test('Cancel puts focus back on Synthesize, not on the page body', async ({ page }) => {
  await page.route('**/speechSynthesis/textToSpeech', (route) =>
    // A gateway that does not answer: the request stays open until the page cancels it (or the test ends).
    page.waitForEvent('requestfailed', { predicate: (r) => r === route.request(), timeout: 0 }).catch(() => undefined),
  );
  await openStudio(page);
  await fillAndSynthesize(page, { text: 'Cancel me.' });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Synthesis cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Synthesize' })).toBeFocused();
});

test('axe finds no violations with a failure focused in the result panel', async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const userId = uniqueUserId();
  expect((await request.put(`/api/_emulator/users/${userId}`, { data: { points: 0 } })).ok()).toBe(true);
  await seedConnection(page, userId);
  await page.goto('/speech');
  await fillAndSynthesize(page, { text: 'No points left for this.' });
  await expect(result(page).getByRole('alert')).toContainText('code 10091');
  const results = await axeBuilder(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await context.close();
});
