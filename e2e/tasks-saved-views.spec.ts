import { expect, test, type Page } from '@playwright/test';
import { localProfile } from '../scripts/lib/seed-profile';
import { createTasks, endTasks, pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';
import { expectAxeClean } from './axe';

// Saved views (issue 28, item 2): saved per profile in IndexedDB, listed with live counts beside the watch list,
// renamed, moved and deleted from the keyboard, and opened from a link by another operator.

const views = (page: Page) => page.getByRole('navigation', { name: 'Saved views' });
const viewNames = async (page: Page) =>
  (await views(page).getByRole('link').locator('span:first-child').allTextContents()).map((s) => s.trim());

/** Opens the list at this query (the address's `q`, as a typed query puts it there) and waits for the views. */
async function openAt(page: Page, query: string) {
  await page.goto(`/tasks?q=${encodeURIComponent(query)}`);
  await expect(views(page)).toBeVisible({ timeout: 15_000 });
}

async function saveAs(page: Page, name: string) {
  await views(page).getByRole('button', { name: 'Save view' }).click();
  await page.getByLabel('View name').fill(name);
  await page.getByLabel('View name').press('Enter');
}

test('a view is saved, kept over a reload with its live count, and renamed, moved and deleted by keyboard', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = uniqueUserId();
  // Three tasks that will fail (ended by the emulator after the reload: none has failed when the view is saved),
  // two that keep running.
  const failing = await createTasks(request, user, 3, 600_000, 'failed');
  const running = await createTasks(request, user, 2, 600_000);
  await seedConsole(page, user);
  await page.goto(`/tasks?q=${encodeURIComponent('status:failed updated:<1h')}`);
  await pasteIds(page, [...failing, ...running].join('\n'));
  await expect(views(page)).toBeVisible({ timeout: 15_000 });
  await expect(views(page).getByText('No saved views yet')).toBeVisible();

  await saveAs(page, '3002 last hour');
  const saved = views(page).getByRole('link', { name: /^3002 last hour/ });
  await expect(saved).toBeVisible();
  // It is the view shown now, and it counts no row yet; the focus is back on "Save view".
  await expect(saved).toHaveAttribute('aria-current', 'true');
  await expect(saved).toHaveAccessibleName('3002 last hour 0 tasks');
  await expect(views(page).getByRole('button', { name: 'Save view' })).toBeFocused();

  await page.reload();
  await expect(saved).toBeVisible({ timeout: 15_000 });
  await expect(saved).toHaveAccessibleName('3002 last hour 0 tasks');
  // As the tasks fail, the count follows (no reload).
  expect(await endTasks(request, user, failing)).toEqual(failing);
  await expect(saved).toHaveAccessibleName('3002 last hour 3 tasks', { timeout: 15_000 });

  // Names are unique (ignoring case): the error is beside the field, which keeps the focus.
  await saveAs(page, '3002 LAST HOUR');
  await expect(page.getByRole('alert')).toHaveText('A view named “3002 LAST HOUR” already exists.');
  await expect(page.getByLabel('View name')).toBeFocused();
  await expect(page.getByLabel('View name')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(views(page).getByRole('button', { name: 'Save view' })).toBeFocused();

  // Each save is in IndexedDB (its link listed) before the next address is opened, which would cut it short.
  await openAt(page, '-status:failed');
  await saveAs(page, 'running');
  await expect(views(page).getByRole('link', { name: /^running/ })).toBeVisible();
  await openAt(page, '');
  await saveAs(page, 'everything');
  await expect.poll(() => viewNames(page)).toEqual(['3002 last hour', 'running', 'everything']);
  await expect(views(page).getByRole('link', { name: /^everything 5 tasks/ })).toBeVisible();
  await expect(views(page).getByRole('link', { name: /^running 2 tasks/ })).toBeVisible();

  // Opening a view by keyboard sets the query (in the address) and marks it.
  await views(page)
    .getByRole('link', { name: /^running/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(views(page).getByRole('link', { name: /^running/ })).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('-status:failed');
  await expect(views(page).getByRole('link', { name: /^everything/ })).not.toHaveAttribute('aria-current');

  // Edit mode, all by keyboard.
  await views(page).getByRole('button', { name: 'Edit views' }).focus();
  await page.keyboard.press('Enter');
  await expect(views(page).getByRole('button', { name: 'Edit views' })).toHaveAttribute('aria-pressed', 'true');
  const edit = (name: string) => views(page).getByRole('group', { name: `Edit “${name}”` });

  await edit('running').getByRole('button', { name: 'Rename' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('New name for “running”')).toBeFocused();
  await page.keyboard.type('live ones');
  await page.keyboard.press('Enter');
  await expect(edit('live ones').getByRole('button', { name: 'Rename' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(edit('live ones').getByRole('button', { name: 'Move up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => viewNames(page)).toEqual(['live ones', '3002 last hour', 'everything']);
  // At the top "Move up" is off: the focus is on "Move down", not lost.
  await expect(edit('live ones').getByRole('button', { name: 'Move down' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => viewNames(page)).toEqual(['3002 last hour', 'live ones', 'everything']);
  await expect(edit('live ones').getByRole('button', { name: 'Move down' })).toBeFocused();

  await edit('everything').getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Delete “everything”' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => viewNames(page)).toEqual(['3002 last hour', 'live ones']);
  // The focus goes to the view before it.
  await expect(views(page).getByRole('link', { name: /^live ones/ })).toBeFocused();
  await expectAxeClean(page);

  await page.reload();
  await expect.poll(() => viewNames(page), { timeout: 15_000 }).toEqual(['3002 last hour', 'live ones']);
});

test('a view’s link opens as that view for a colleague with an empty list, who can keep it; with the list, on its tasks', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 2, 600_000);
  const sender = await browser.newContext();
  await sender.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const page = await sender.newPage();
  await seedConsole(page, user);
  await page.goto(`/tasks?q=${encodeURIComponent('status:failed,aborted sort:updated-desc')}`);
  await pasteIds(page, ids.join('\n'));
  await expect(views(page)).toBeVisible({ timeout: 15_000 });
  await saveAs(page, 'Needs attention');
  const copy = views(page).getByRole('button', { name: 'Copy link to view “Needs attention”' });
  await copy.click();
  await expect(views(page).getByText(/^Copied a link to view “Needs attention”$/)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/tasks\?view=Needs\+attention&q=status:failed,aborted\+sort:updated-desc$/);
  await views(page).getByRole('checkbox', { name: 'Links open my watch list too' }).check();
  await copy.click();
  await expect(views(page).getByText(/^Copied a link to view “Needs attention” with 2 tasks$/)).toBeVisible();
  const withList = await page.evaluate(() => navigator.clipboard.readText());
  expect(withList).toMatch(/\/tasks\?view=Needs\+attention&q=status:failed,aborted\+sort:updated-desc#ids=/);
  await sender.close();

  // A colleague: empty storage, another user ID, an empty watch list. The page opens as that view.
  const receiver = await browser.newContext();
  const other = await receiver.newPage();
  await seedConsole(other, uniqueUserId());
  await other.goto(link);
  const opened = other.getByRole('region', { name: 'Opened view “Needs attention”' });
  await expect(opened.getByRole('combobox', { name: 'Query' })).toHaveValue('status:failed,aborted sort:updated-desc', { timeout: 15_000 });
  await expect(opened).toContainText(
    '“Needs attention” shows the watched tasks that match its query. Your watch list is empty: add task IDs under Task IDs above (paste them or import a file) to see them here.',
  );
  // The query is the list's (in the address); `view` has left it.
  await expect.poll(() => [...new URL(other.url()).searchParams]).toEqual([['q', 'status:failed,aborted sort:updated-desc']]);
  await opened.getByRole('button', { name: 'Save this view' }).click();
  await expect(other.getByLabel('View name')).toHaveValue('Needs attention');
  await other.getByLabel('View name').press('Enter');
  await expect(opened.getByText('It is in your saved views.')).toBeVisible();

  // The link with the sender's list: its tasks are added, the board shows them under the view, kept already.
  await other.goto(withList);
  await expect(views(other).getByRole('link', { name: /^Needs attention/ })).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
  await expect(other.getByRole('heading', { name: /^Watch list/ })).toContainText('0 of 2 shown');
  await expect(opened.getByText('It is in your saved views.')).toBeVisible();
  // Close takes the panel away, not the focus: it goes to the list's query box, which holds the view's query.
  await opened.getByRole('button', { name: 'Close' }).click();
  await expect(opened).toBeHidden();
  await expect(other.getByRole('combobox', { name: 'Query' })).toBeFocused();
  await receiver.close();
});

test('a link’s over-long name and query are cut, not trusted', async ({ page, request }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 1, 600_000);
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, ids.join('\n'));
  await expect(views(page)).toBeVisible({ timeout: 15_000 });
  const name = 'n'.repeat(200);
  await page.goto(`/tasks?view=${name}&q=${'x'.repeat(3_000)}`);
  await expect(page.getByRole('status').filter({ hasText: 'Opened view' })).toContainText(`Opened view “${'n'.repeat(80)}”`, {
    timeout: 15_000,
  });
  await expect.poll(() => [...new URL(page.url()).searchParams]).toEqual([['q', 'x'.repeat(2_000)]]);
});

test('saved views in Chinese, axe clean', async ({ browser, request }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 2, 600_000);
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await seedConsole(page, user);
  await page.goto('/tasks');
  await page.getByLabel('任务 ID').fill(ids.join('\n'));
  await page.getByRole('button', { name: '添加到关注列表' }).click();
  const nav = page.getByRole('navigation', { name: '已保存的视图' });
  await expect(nav).toBeVisible({ timeout: 15_000 });
  await expect(nav.getByText('还没有保存的视图')).toBeVisible();
  await nav.getByRole('button', { name: '保存视图' }).click();
  await page.getByLabel('视图名称').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('请为视图命名。');
  await page.getByLabel('视图名称').fill('运行中');
  await page.getByLabel('视图名称').press('Enter');
  await expect(nav.getByRole('link', { name: '运行中 2 个任务' })).toBeVisible();
  await nav.getByRole('button', { name: '编辑视图' }).click();
  await expect(nav.getByRole('group', { name: '编辑“运行中”' }).getByRole('button', { name: '重命名' })).toBeVisible();
  await expectAxeClean(page);
  await context.close();

  // A view link opened by a colleague whose list is empty: the view, its query box, and how to fill the list.
  const colleague = await browser.newContext({ locale: 'zh-CN' });
  const empty = await colleague.newPage();
  await seedConsole(empty, uniqueUserId());
  await empty.goto('/tasks?view=需要关注&q=status:failed,aborted');
  const opened = empty.getByRole('region', { name: '已打开视图“需要关注”' });
  await expect(opened.getByRole('combobox', { name: '查询' })).toHaveValue('status:failed,aborted', { timeout: 15_000 });
  await expect(opened).toContainText(
    '“需要关注”显示与其查询匹配的关注任务。你的关注列表是空的：在上方的“任务 ID”中添加任务 ID（粘贴或导入文件）即可在此看到它们。',
  );
  await expect(opened.getByRole('button', { name: '保存此视图' })).toBeVisible();
  await expectAxeClean(empty);
  await colleague.close();
});

test('a view reopens the overview tables it was saved with, and other tabs list it at once', async ({ context, page, request }) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 2, 600_000);
  await seedConsole(page, user);
  await page.goto('/tasks?q=-status:failed');
  await pasteIds(page, ids.join('\n'));
  await expect(views(page)).toBeVisible({ timeout: 15_000 });
  const table = page.locator('details').filter({ has: page.getByText('Tasks by status over time as a table') });
  await table.getByText('Tasks by status over time as a table').click();
  await expect(table).toHaveAttribute('open', '');
  await saveAs(page, 'with table');

  const other = await context.newPage();
  await other.goto('/tasks');
  await expect(views(other).getByRole('link', { name: /^with table/ })).toBeVisible({ timeout: 15_000 });
  await saveAs(other, 'from the other tab');
  // No reload here: the store tells the other tabs.
  await expect(views(page).getByRole('link', { name: /^from the other tab/ })).toBeVisible();

  // Saved with no table open: opening it closes the one open; opening the first opens it again.
  await views(page)
    .getByRole('link', { name: /^from the other tab/ })
    .click();
  await expect(table).not.toHaveAttribute('open');
  await views(page)
    .getByRole('link', { name: /^with table/ })
    .click();
  await expect(table).toHaveAttribute('open', '');
  await expect(views(page).getByRole('link', { name: /^with table/ })).toHaveAttribute('aria-current', 'true');
  await expect(views(page).getByRole('link', { name: /^from the other tab/ })).not.toHaveAttribute('aria-current');
});

test('each profile has its own views: switching profile shows the other one’s', async ({ page, request }) => {
  test.setTimeout(90_000);
  const [userA, userB] = [uniqueUserId(), uniqueUserId()];
  const [idsA, idsB] = [await createTasks(request, userA, 1, 600_000), await createTasks(request, userB, 1, 600_000)];
  const profiles = [localProfile(userA), localProfile(userB, 'other', 'Other desk')];
  await page.addInitScript(
    `if (!localStorage.getItem('console.connection.profiles')) {
      localStorage.setItem('console.connection.profiles', ${JSON.stringify(JSON.stringify(profiles))});
      localStorage.setItem('console.connection.active', '"local"');
    }`,
  );
  const switchTo = async (name: string) => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('radio', { name }).check();
    await page.getByRole('link', { name: 'Tasks' }).click();
  };

  await page.goto('/tasks');
  await pasteIds(page, idsA.join('\n'));
  await expect(views(page)).toBeVisible({ timeout: 15_000 });
  await saveAs(page, 'desk A view');
  await expect(views(page).getByRole('link', { name: /^desk A view/ })).toBeVisible();

  await switchTo('Other desk');
  await pasteIds(page, idsB.join('\n'));
  await expect(views(page).getByText('No saved views yet')).toBeVisible({ timeout: 15_000 });
  await saveAs(page, 'desk B view');
  await expect.poll(() => viewNames(page)).toEqual(['desk B view']);

  await switchTo('Local');
  await expect.poll(() => viewNames(page), { timeout: 15_000 }).toEqual(['desk A view']);
});
