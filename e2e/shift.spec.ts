import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { findTestChromium } from '../scripts/lib/find-chromium.mjs';
import { indicatorState, useLocalGateway } from './connection-helpers';
import {
  answerStatusAsUnreachableProxy,
  createTasks,
  endTasks,
  pasteIds,
  recordStatusCalls,
  seedConsole,
  setTabHidden,
  shareLinkOf,
  uniqueUserId,
  pollInDedicatedWorker,
} from './tasks-helpers';

/** Browser notifications, recorded instead of shown (headless Chromium shows none). */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __notes: string[] }).__notes = shown;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string, options?: { body?: string }) {
        shown.push(`${title}: ${options?.body ?? ''}`);
      }
    }
    Object.defineProperty(window, 'Notification', { configurable: true, value: FakeNotification });
  });
}
const notes = (page: Page) => page.evaluate(() => (window as unknown as { __notes: string[] }).__notes);

test('the watch goes on from every page, and a hidden tab keeps polling and notifies while notifications are on', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  // Live until the tab is hidden: the emulator ends them then.
  const ids = await createTasks(request, user, 3, 600_000, 'finished');
  await seedConsole(page, user);
  await recordNotifications(page);
  const calls = await recordStatusCalls(page);
  await page.goto('/tasks');
  await pasteIds(page, ids.join(' '));
  await page.getByLabel('Notify me when tasks finish or fail').check();
  await expect(page.getByText(/Checking every 2 sec on every page, also in a hidden tab/)).toBeVisible();

  await page.getByRole('link', { name: 'Speech' }).click();
  await expect(page).toHaveTitle(/^\(3 live · 0\/3 done\) Speech studio/);
  const onSpeech = calls.length;
  await expect.poll(() => calls.length).toBeGreaterThan(onSpeech + 1);

  await setTabHidden(page, true);
  const hiddenAt = calls.length;
  await expect.poll(() => calls.length, { timeout: 10_000 }).toBeGreaterThan(hiddenAt + 1);
  expect(await notes(page)).toEqual([]);
  await endTasks(request, user, ids);
  await expect.poll(() => notes(page), { timeout: 15_000 }).toContainEqual(expect.stringContaining('finished'));
  await expect(page).toHaveTitle(/^\(All done 3\/3\) Speech studio/);
});

/** A new user's Tasks page, up (its heading shown), and a share link of `ids` made there. */
async function tasksPageAndLink(page: Page, ids: readonly string[]): Promise<string> {
  await seedConsole(page, uniqueUserId(), 0);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  return shareLinkOf(page, ids);
}

test('a share link of 10,000 IDs opens (compressed in the fragment), into a virtualized table', async ({ page, request }) => {
  test.setTimeout(90_000);
  const ids = Array.from({ length: 10_000 }, (_, i) => `Service_AI_share_${String(i).padStart(5, '0')}`);
  const link = await tasksPageAndLink(page, ids);
  // The old way (?ids= in the query) died at about 340 IDs with the server's HTTP 431.
  expect((await request.get(`/tasks?ids=${ids.slice(0, 2_000).join(',')}`)).status()).toBe(431);
  // Into the address bar of the open console (page.goto would wait for an address change the console prevents).
  const entries = await page.evaluate(() => history.length);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.navigate', { url: new URL(link, page.url()).href });
  await expect(page.getByText('Opened a shared list: added 10,000 tasks')).toBeVisible({ timeout: 30_000 });
  // Taken before the address changed (Navigation API): no history entry was made for the long address.
  expect(await page.evaluate(() => history.length)).toBe(entries);
  const table = page.getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', '10001');
  expect(await table.getByRole('row').count()).toBeLessThan(80);
  await page.getByRole('region', { name: 'Watched tasks' }).evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.getByRole('row', { name: /Service_AI_share_09999/ })).toHaveAttribute('aria-rowindex', '10001');
  expect(new URL(page.url()).hash).toBe('');
});

test('a share link pasted while the Tasks page still loads opens the list, and makes no history entry', async ({ page }) => {
  const ids = Array.from({ length: 100 }, (_, i) => `Service_AI_early_${String(i).padStart(3, '0')}`);
  const link = await tasksPageAndLink(page, ids);
  // The page's messages and chunks late (a loaded machine, a slow link): the link comes before the page is up.
  await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.reload();
  const entries = await page.evaluate(() => history.length);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.navigate', { url: new URL(link, page.url()).href });
  await expect(page.getByText('Opened a shared list: added 100 tasks')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => history.length)).toBe(entries);
  expect(new URL(page.url()).hash).toBe('');
});

test('the view is state: sort, status filter and search live in the address and are remembered', async ({ page, browser, request }) => {
  const user = uniqueUserId();
  const failed = await createTasks(request, user, 2, 1_000, 'failed');
  const finished = await createTasks(request, user, 2, 1_000, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, [...failed, ...finished].join(' '));
  await expect(page.getByText('2 of 4 finished · 2 failed')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Failed 2' }).click();
  await page.getByLabel('Sort by').selectOption({ label: 'Progress' });
  await page.getByLabel('Descending').check();
  await page.getByLabel('Search by ID').fill(failed[0]!.slice(-6));
  // One query for chips, sort and search (docs/query-language.md): the address carries it as q.
  const query = `status:failed sort:progress-desc ${failed[0]!.slice(-6)}`;
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ q: query });

  await page.goto('/speech');
  await page.goto('/tasks');
  await expect(page.getByLabel('Search by ID')).toHaveValue(failed[0]!.slice(-6));
  await expect(page.getByRole('button', { name: 'Failed 2' })).toHaveAttribute('aria-pressed', 'true');

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await seedConsole(otherPage, user);
  await otherPage.goto(url.href);
  await pasteIds(otherPage, [...failed, ...finished].join(' '));
  await expect(otherPage.getByLabel('Sort by')).toHaveValue('progress');
  await expect(otherPage.getByLabel('Descending')).toBeChecked();
  await expect(otherPage.getByLabel('Search by ID')).toHaveValue(failed[0]!.slice(-6));
  await other.close();
});

test('watch lists belong to profiles; a browser restart keeps the list and the local gateway token', async ({ baseURL }) => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'console-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(dir, {
      executablePath: findTestChromium() ?? undefined,
      baseURL,
      args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
    });
  try {
    let context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    // Today's single list in localStorage goes to the active profile once.
    await page.goto('/settings');
    await page.evaluate(() => localStorage.setItem('console.tasks.watch-list', JSON.stringify(['Service_AI_legacy_1'])));
    await useLocalGateway(page);
    await page.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('row', { name: /Service_AI_legacy_1/ })).toBeVisible();
    await pasteIds(page, 'Service_AI_local_1 Service_AI_local_2');
    await expect(page.getByRole('row', { name: /Service_AI_local_2/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('console.tasks.watch-list'))).toBeNull();

    // Another profile has its own list.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add profile' }).click();
    await page.getByLabel('Profile name').fill('Second user');
    await page.getByLabel('Token', { exact: true }).fill('dev-token');
    await page.getByLabel('User ID').fill('777');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('radio', { name: 'Second user' }).check();
    await page.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('table')).toHaveCount(0);
    await pasteIds(page, 'Service_AI_second_1');
    await expect(page.getByRole('row', { name: /Service_AI_second_1/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Service_AI_local_1/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: 'Local' }).check();
    await context.close();

    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/tasks');
    await expect(indicatorState(page)).toHaveText('Reachable');
    await expect(page.getByRole('row', { name: /Service_AI_local_2/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Service_AI_second_1/ })).toHaveCount(0);
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('tokens: a test without one says "No token set"; a synthesis answered after the token check makes the header OK', async ({ page }) => {
  await useLocalGateway(page);
  await expect(page.getByLabel('Remember on this device')).toBeChecked();
  await page.getByRole('link', { name: 'Speech' }).click();
  await page.route('**/speechSynthesis/textToSpeech', (route) =>
    route.fulfill({ json: { code: 10091, message: 'Insufficient points', data: null } }),
  );
  await page.getByLabel('Text to synthesize').fill('Hello there.');
  await page.getByLabel('Voice name').fill('en-us');
  await page.getByRole('button', { name: 'Synthesize' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not enough points' })).toBeVisible();
  await expect(indicatorState(page)).toHaveText('OK');
  await page.unroute('**/speechSynthesis/textToSpeech');

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Token', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Test connection' }).click();
  // The local gateway answers status queries without a token: the test says the token is missing, not that it was refused.
  await expect(page.getByRole('status').filter({ hasText: 'No token set: speech synthesis needs one' })).toBeVisible();
  await page.getByLabel('Token', { exact: true }).fill('wrong-token');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Token rejected' })).toBeVisible();
});

test('labels: failed apart from aborted, import summary, backoff line, the proxy-style 502', async ({ page, request }) => {
  const user = uniqueUserId();
  const failed = await createTasks(request, user, 1, 1_000, 'failed');
  const aborted = await createTasks(request, user, 1, 1_000, 'aborted');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await seedConsole(page, user);
  // The gateway is failed below with page.route, which a shared worker's requests do not pass through.
  await pollInDedicatedWorker(page);
  await page.goto('/tasks');
  const log = Array.from({ length: 300 }, (_, i) => `2026-11-22 10:${i % 60} INFO worker ${i} picked up the next job from the queue`);
  await pasteIds(page, [...log, `done ${failed[0]}`, `done ${aborted[0]}`].join('\n'));
  const report = page.getByRole('status').filter({ hasText: 'Pasted text: added 2 tasks' });
  await expect(report).toContainText('(found 2 task IDs)');
  await expect(report).toContainText(/The rest of the text \([\d,]+ words, numbers or headers\) held no task IDs/);
  await expect(report.getByText(/^Ignored/)).toHaveCount(0);

  await expect(page.getByText('0 of 2 finished · 1 failed · 1 aborted')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle(/^\(All done 0\/2 · 1 failed · 1 aborted\) Tasks/);
  await page.getByRole('button', { name: 'Copy failed IDs' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(failed[0]);

  await answerStatusAsUnreachableProxy(page);
  await pasteIds(page, 'Service_AI_not_there_yet');
  const banner = page.getByRole('alert').filter({ hasText: 'Status updates are failing' });
  await expect(banner).toContainText('Console’s server: The connection from the console’s server to the gateway failed (ECONNREFUSED).');
  await expect(banner).toContainText('Check that the gateway is running and that GATEWAY_URL');
  await expect(indicatorState(page)).toContainText('Failing: The console’s server could not reach the gateway');
  await expect(banner).not.toContainText('does not list this code');
  await expect(page.getByText(/Backing off after \d+ failed checks?: next check in/)).toBeVisible();
});

// One list, one load, at a phone's width and then a desktop's (the layout follows the window as it changes).
test('Tasks at 390 px and at 1280 px: no sideways page scroll, status and progress on screen', async ({ page, request }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 3, 60_000, 'finished');
  await page.setViewportSize({ width: 390, height: 844 });
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, ids.join(' '));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    const bar = page.getByRole('progressbar', { name: `Progress of ${ids[0]}` });
    await expect(bar).toBeVisible({ timeout: 10_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await bar.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    const status = page.getByRole('row', { name: new RegExp(ids[0]!) }).getByText(/Running|Queued|Created/);
    const statusBox = await status.boundingBox();
    expect(statusBox!.x + statusBox!.width).toBeLessThanOrEqual(width);
  }
});
