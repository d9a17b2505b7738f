import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { MARKUP_TEXT, UNSAFE_URLS } from '../src/testing/hostile-gateway/hostile-cases';
import { startHostileGateway, type HostileGateway } from '../src/testing/hostile-gateway/hostile-gateway';
import { expectNoUnsafeUrls, expectNothingRan, openWithGateway } from './hostile-helpers';

// The CSP alone would stop injected script; bypass it so these tests prove the console's own
// rendering keeps gateway content inert (e2e/security.spec.ts covers the CSP itself).
test.use({ bypassCSP: true });

let gateway: HostileGateway;
test.beforeAll(async () => {
  gateway = await startHostileGateway();
});
test.afterAll(async () => gateway.close());

const ids = ['Service_AI_hostile_1', 'Service_AI_hostile_2', 'Service_AI_hostile_3'];
const progressOf = (page: Page, id: string) => page.getByRole('progressbar', { name: `Progress of ${id}` });

// One browser journey per class of hostility; the rest of the matrix runs against the same hostile gateway in
// src/features/tasks/status-worker/status-worker-hostile.test.ts (docs/performance.md, "The hostile-gateway matrix").
/** Cases that must end in one alert, and what it has to say: a gateway error whose message is markup, and an HTML page. */
const failing: [name: string, says: RegExp[]][] = [
  ['error-markup', [/code 99999/, /Gateway message:/]],
  ['html-200', [/Not a gateway/, /HTTP 200\) was an HTML page/]],
];

for (const [name, says] of failing) {
  test(`${name}: a specific error, the gateway's markup as text, nothing runs`, async ({ page }) => {
    const watch = await openWithGateway(page, gateway.caseUrl(name), { path: '/tasks', ids });
    const alert = page.getByRole('alert').filter({ hasText: says[0]! });
    await expect(alert).toBeVisible();
    for (const s of says) await expect(alert).toContainText(s);
    if (name === 'error-markup') await expect(alert).toContainText(`Gateway message: ${MARKUP_TEXT}`);
    await expect(page.getByRole('row', { name: /Service_AI_hostile_1/ })).toContainText('Not checked yet');
    await expectNothingRan(page, watch);
    await expectNoUnsafeUrls(page);
  });
}

test('markup in every field of a valid answer (messages, stray task IDs, error fields): rows render, nothing runs', async ({ page }) => {
  const watch = await openWithGateway(page, gateway.caseUrl('markup'), { path: '/tasks', ids });
  await expect(page.getByRole('row', { name: /Service_AI_hostile_1/ })).toContainText('Error 99999: not documented');
  await expect(progressOf(page, ids[1]!)).toHaveAttribute('aria-valuenow', '30');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // IDs nobody asked for are not added to the board, as text or as markup.
  await expect(page.getByText('Service_AI_<')).toHaveCount(0);
  await expectNothingRan(page, watch);
  await expectNoUnsafeUrls(page);
});

test('progress 500 and -3 are said to be out of range (bars held within 0–100) and break nothing', async ({ page }) => {
  const watch = await openWithGateway(page, gateway.caseUrl('progress-out-of-range'), { path: '/tasks', ids });
  await expect(progressOf(page, ids[0]!)).toHaveAttribute('aria-valuenow', '100');
  await expect(progressOf(page, ids[1]!)).toHaveAttribute('aria-valuenow', '0');
  await expect(progressOf(page, ids[2]!)).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('row', { name: new RegExp(ids[0]!) })).toContainText('progress out of range (raw 500)');
  await expect(page.getByRole('row', { name: new RegExp(ids[1]!) })).toContainText('progress out of range (raw -3)');
  await expectNothingRan(page, watch);
});

test('updateTime beyond what a Date holds (1e16, a 20-digit string, -1e17) reads "time out of range (raw …)"; the rows, export and page keep working', async ({
  page,
}) => {
  const watch = await openWithGateway(page, gateway.caseUrl('update-time-out-of-range'), { path: '/tasks', ids });
  for (const [i, id] of ids.entries()) {
    const row = page.getByRole('row', { name: new RegExp(id) });
    await expect(row).toContainText('Running');
    await expect(row).toContainText(`time out of range (raw ${String([1e16, 1e20, -1e17][i % 3])})`);
  }
  await expect(progressOf(page, ids[0]!)).toHaveAttribute('aria-valuenow', '40');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await (await download).path().then((p) => readFile(p, 'utf8'));
  expect(csv).toContain(`${ids[0]},3,Running,40,0,,,10000000000000000,`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNothingRan(page, watch);
});

test('unsafe result URLs (javascript:, data:, vbscript:, //host, file:) are never links, each row says it was refused; a safe one is', async ({
  page,
}) => {
  const urlIds = UNSAFE_URLS.map((_, n) => `Service_AI_hostile_url${n}`);
  const safeId = 'Service_AI_hostile_safe';
  const watch = await openWithGateway(page, gateway.caseUrl('unsafe-urls'), { path: '/tasks', ids: [...urlIds, safeId] });
  await expect(page.getByRole('link', { name: `Download video of ${safeId}` })).toBeVisible();
  for (const id of urlIds) {
    const row = page.getByRole('row', { name: new RegExp(id) });
    await expect(row).toContainText('Finished');
    // Refused, and said so with why: it never becomes a link, so "not available yet" would promise one.
    await expect(row).toContainText(/Result link refused: not an (http\(s\)|absolute) URL/);
    await expect(row).not.toContainText('Result link not available yet');
    await expect(row.getByRole('link')).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: /^Download video of/ })).toHaveCount(1);
  await expectNothingRan(page, watch);
  await expectNoUnsafeUrls(page);
});

/** good → hostile → good again, on one page: last good data stays, then fresh data replaces the banner. */
// html-502's recovery moved to src/features/tasks/api/status-worker-hostile.test.ts ("between good answers"): an
// HTTP error page is read by the same worker code in Node; a connection cut mid-answer is Chromium's own to report.
const recoveries: [name: string, says: RegExp][] = [['drop-mid-answer', /broke off/]];

for (const name of ['one-bad-item']) {
  test(`${name}: each bad item's row says what was wrong, good items update, no banner`, async ({ page }) => {
    const key = `tasks-${name}`;
    gateway.setSwitch(key, 'good');
    const watch = await openWithGateway(page, gateway.switchUrl(key), { path: '/tasks', ids });
    await expect(progressOf(page, ids[0]!)).toHaveAttribute('aria-valuenow', '40');
    gateway.setSwitch(key, name);
    const firstRow = page.getByRole('row', { name: new RegExp(ids[0]!) });
    await expect(firstRow).toContainText('Unreadable answer');
    await expect(firstRow).toContainText('taskProgress:');
    for (const id of ids.slice(1)) await expect(progressOf(page, id)).toHaveAttribute('aria-valuenow', '70');
    await expect(page.getByRole('alert').filter({ hasText: 'Status updates are failing' })).toHaveCount(0);
    gateway.setSwitch(key, 'good-later');
    await expect(firstRow).not.toContainText('Unreadable answer', { timeout: 10_000 });
    await expect(progressOf(page, ids[0]!)).toHaveAttribute('aria-valuenow', '70');
    await expectNothingRan(page, watch);
  });
}

for (const [name, says] of recoveries) {
  test(`${name} after good answers: last good rows stay under a stale banner; recovers by itself`, async ({ page }) => {
    const key = `tasks-${name}`; // each worker has its own gateway
    gateway.setSwitch(key, 'good');
    const watch = await openWithGateway(page, gateway.switchUrl(key), { path: '/tasks', ids });
    const bar = progressOf(page, ids[0]!);
    await expect(bar).toHaveAttribute('aria-valuenow', '40');

    gateway.setSwitch(key, name);
    const banner = page.getByRole('alert').filter({ hasText: 'Status updates are failing — the table shows stale data' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(says);
    await expect(page.getByText(/Last good update .*failed attempts? in a row/)).toBeVisible();
    for (const id of ids) await expect(progressOf(page, id)).toHaveAttribute('aria-valuenow', '40');
    await expect(page.getByRole('row', { name: /Service_AI_hostile_2/ })).toContainText('Running');

    gateway.setSwitch(key, 'good-later');
    await expect(banner).toBeHidden({ timeout: 20_000 });
    for (const id of ids) await expect(progressOf(page, id)).toHaveAttribute('aria-valuenow', '70');
    await expectNothingRan(page, watch);
    await expectNoUnsafeUrls(page);
  });
}
