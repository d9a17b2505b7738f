import { expect, test, type Locator, type Page } from '@playwright/test';
import { consoleInfo } from './connection-helpers';
import { createTasks, pasteIds, seedConsole, shareLinkOf, uniqueUserId } from './tasks-helpers';

/** The two elements' boxes, read together in the page so no layout change falls between them. */
async function boxesInOneFrame(page: Page, a: Locator, b: Locator) {
  const pair = { a: await a.elementHandle(), b: await b.elementHandle() };
  return page.evaluate(({ a, b }) => {
    const box = (el: Element | null) => {
      const r = el!.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return [box(a), box(b)] as const;
  }, pair);
}

const watchListHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Watch list/ });

test('a share link opened before setup keeps its IDs: they move into the profile set up next, and stay after a reload', async ({
  page,
  request,
}) => {
  const info = await consoleInfo(request);
  test.skip(info.mode !== 'embedded', 'needs the embedded gateway');
  const tag = uniqueUserId();
  const ids = Array.from({ length: 30 }, (_, i) => `Service_AI_before_setup_${tag}_${i}`);
  await page.goto('/settings');
  const link = await shareLinkOf(page, ids);
  await page.goto(link);
  await expect(page.getByText('Opened a shared list: added 30 tasks')).toBeVisible();
  await expect(watchListHeading(page)).toContainText('(30)');

  const notice = page.getByRole('region', { name: 'Connection setup' });
  await notice.getByRole('button', { name: 'Use the local gateway' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByText('Moved 30 tasks watched before setup into this profile’s watch list')).toBeVisible();
  await expect(watchListHeading(page)).toContainText('(30)');
  await expect(page.getByRole('button', { name: ids[0], exact: true })).toBeVisible();

  await page.reload();
  await expect(watchListHeading(page)).toContainText('(30)');
  // Opened again, the link says what is true of the list on screen.
  await page.goto('/settings');
  await page.goto(link);
  await expect(page.getByText('Opened a shared list: added 0 tasks, 30 already watched')).toBeVisible();
  await expect(watchListHeading(page)).toContainText('(30)');
});

test('IDs added while a kept search hides them are said to be hidden, with a way to show them', async ({ page, request }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 5, 120_000);
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, ids.slice(0, 3).join('\n'));
  await expect(watchListHeading(page)).toContainText('(3)');
  await page.getByLabel('Search by ID').fill('no-such-task');
  await expect(watchListHeading(page)).toContainText('(0 of 3 shown)');

  // Kept on this device: a later visit starts with the search still on.
  await page.reload();
  await pasteIds(page, ids.slice(3).join('\n'));
  const report = page.getByRole('form', { name: 'Add tasks' }).getByRole('status').filter({ hasText: 'added 2 tasks' });
  await expect(report).toContainText('2 of them hidden by the search “no-such-task”');
  await report.getByRole('button', { name: 'Show all tasks' }).click();
  await expect(page.getByLabel('Search by ID')).toHaveValue('');
  await expect(watchListHeading(page)).toHaveText(/\(5\)$/);
  await expect(report).not.toContainText('hidden');
  await expect(page.getByLabel('Task IDs')).toBeFocused();
});

test('"Copied 3 IDs" is said next to the button that copied them', async ({ page, context, request, baseURL }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 3, 120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, ids.join('\n'));
  const actions = page.getByRole('group', { name: 'Actions on shown tasks' });
  await actions.getByRole('button', { name: 'Copy IDs' }).click();
  const said = actions.getByRole('status').filter({ hasText: 'Copied 3 IDs' });
  await expect(said).toHaveText('Copied 3 IDs');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ids.join('\n'));
  // Both boxes read in one frame: rows and the overview above may still be moving the toolbar down,
  // and two separate reads could straddle that shift (it did once on CI: 63 px apart).
  const [button, box] = await boxesInOneFrame(page, actions.getByRole('button', { name: 'Copy IDs' }), said);
  // Beside it: on the button's line, just after it.
  expect(Math.abs(box.y + box.height / 2 - (button.y + button.height / 2))).toBeLessThan(button.height);
  expect(box.x).toBeGreaterThanOrEqual(button.x + button.width);
  expect(box.x - (button.x + button.width)).toBeLessThan(40);
});

test('the details of a finished task offer its download', async ({ page, request }) => {
  const user = uniqueUserId();
  const [id] = await createTasks(request, user, 1, 500);
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, id!);
  await expect(page.getByText('1 of 1 finished')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: id, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: id });
  const download = dialog.getByRole('link', { name: `Download video of ${id}` });
  await expect(download).toBeVisible();
  expect(await download.getAttribute('href')).toMatch(/^https?:\/\//);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(await file.failure()).toBeNull();
});

test('on a phone the task ID keeps its distinguishing end visible', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = uniqueUserId();
  const id = 'Service_AI_mwwmze89_c0304e447ca4159ff1b4aca9';
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, id);
  const button = page.getByRole('button', { name: id, exact: true });
  await expect(button).toBeVisible();
  // Where the last 8 characters are drawn, and the box that clips the cell.
  const seen = await button.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let last: Text | null = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent) last = n as Text;
    const range = document.createRange();
    range.setStart(last!, last!.length - 8);
    range.setEnd(last!, last!.length);
    const end = range.getBoundingClientRect();
    const cell = el.closest('td')!.getBoundingClientRect();
    return { text: range.toString(), left: end.left, right: end.right, cellLeft: cell.left, cellRight: cell.right };
  });
  expect(seen.text).toBe('f1b4aca9');
  expect(seen.right).toBeLessThanOrEqual(seen.cellRight + 0.5);
  expect(seen.left).toBeGreaterThanOrEqual(seen.cellLeft);
  expect(seen.right - seen.left).toBeGreaterThan(20);
});
