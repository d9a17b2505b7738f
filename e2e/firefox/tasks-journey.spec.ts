import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createTasks, seedConsole, uniqueUserId } from '../tasks-helpers';
import { storedLastStatus } from '../stored-task-history';
import { expect, test, typeInto } from './setup';

// The operator's Tasks journey in Firefox (issue 40), one page load per language: watch pasted IDs to the end, a
// download, the query box, Ctrl+K to Settings, and the language. The page's console errors: e2e/firefox/setup.ts.
// Driver limits in Firefox over BiDi (ESR 153.8, playwright-core 1.65), worked round here: fill() does not reach React
// (typeInto types the keys); inside the open palette (a modal dialog) reads of several elements fail: count() answered 0
// with options shown, allTextContents() destroyed the page's context and the page closed. So inside the dialog only
// single elements are read, and the palette's option list (order, filtering) stays checked in Chromium only
// (e2e/command-palette.spec.ts).

const queryBox = (page: Page, name: string) => page.getByRole('combobox', { name });
const rows = (page: Page, name: RegExp) => page.getByRole('progressbar', { name });

/** Ctrl+K, the command typed, then Down until it is the active option (one element read at a time), and Enter. */
async function runFromPalette(page: Page, dialog: string, typed: string, option: string): Promise<void> {
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: dialog });
  const box = palette.getByRole('combobox');
  await expect(box).toBeFocused();
  await box.pressSequentially(typed);
  const target = palette.getByRole('option', { name: option, exact: true });
  await expect(target).toBeVisible();
  for (let i = 0; i < 10 && (await target.getAttribute('aria-selected')) !== 'true'; i++) await box.press('ArrowDown');
  await expect(target).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(palette).toHaveCount(0);
}

test('English: pasted IDs watched to the end with a download, the query box, Ctrl+K to Settings, then 简体中文', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 3, 8_000, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');

  await typeInto(page.getByLabel('Task IDs'), [...ids, 'Service_AI'].join('\n'));
  await page.getByRole('button', { name: 'Add to watch list' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added 3 tasks' })).toBeVisible();
  const firstBar = page.getByRole('progressbar', { name: `Progress of ${ids[0]}` });
  await expect(firstBar).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/, { timeout: 15_000 });
  await expect(page.getByText('3 of 3 finished')).toBeVisible({ timeout: 30_000 });
  await expect(firstBar).toHaveAttribute('aria-valuenow', '100');

  // The finished task's video, as the operator downloads it: a real MP4 (the 'ftyp' box opens it).
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download video of ${ids[0]}` }).click();
  expect(
    readFileSync(await (await downloading).path())
      .subarray(4, 8)
      .toString('latin1'),
  ).toBe('ftyp');

  // The query box filters the rows and names a mistake under itself.
  const box = queryBox(page, 'Query');
  await typeInto(box, '-status:finished');
  await box.press('Enter');
  await expect(rows(page, /^Progress of /)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: /^Watch list/ })).toContainText('(0 of 3 shown)');
  await typeInto(box, `status:finished id:${ids[1]}`);
  await box.press('Enter');
  await expect(rows(page, /^Progress of /)).toHaveCount(1);
  await expect(page.getByRole('progressbar', { name: `Progress of ${ids[1]}` })).toBeVisible();
  await typeInto(box, 'status:nonsense');
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'nonsense' })).toBeVisible();

  // Ctrl+K: the palette, typed into, runs "Go to Settings" with Enter and closes.
  await page.getByRole('heading', { name: 'Tasks', level: 1 }).click();
  await runFromPalette(page, 'Command palette', 'Go to Settings', 'Go to Settings');
  await expect(page).toHaveURL(/\/settings$/);

  // Settings: the time display is kept; the language switches the whole console without a reload.
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { name: 'Connection settings', level: 1 })).toBeVisible();
  await main.getByRole('combobox', { name: 'Times' }).selectOption('absolute');
  await main.getByRole('combobox', { name: 'Language' }).selectOption({ label: '简体中文' });
  await expect(page.getByRole('heading', { name: '连接设置', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(await page.evaluate(() => localStorage.getItem('console.time-setting'))).toContain('"absolute"');
  await page.getByRole('link', { name: '任务', exact: true }).click();
  await expect(page.getByRole('heading', { name: '任务', level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `${ids[0]} 的进度` })).toHaveAttribute('aria-valuenow', '100');
});

// The task history is a log of writes in IndexedDB (src/features/tasks/history/task-history-db.ts), its keys counted up
// by IndexedDB and read through an index of [scope, key]. Inside the details dialog (modal) one element is read at a time.
test('a task’s timeline is there after a reload, read from the history’s log', async ({ page, request }) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  const [id] = await createTasks(request, user, 1, 8_000, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await typeInto(page.getByLabel('Task IDs'), id!);
  await page.getByRole('button', { name: 'Add to watch list' }).click();
  const bar = page.getByRole('progressbar', { name: `Progress of ${id}` });
  await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/, { timeout: 15_000 });
  await expect(page.getByText('1 of 1 finished')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => storedLastStatus(page, id!), { timeout: 15_000 }).toBe(4);

  await page.goto(`/tasks/${id}`);
  const timeline = page.getByRole('dialog', { name: id! }).getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline.last()).toContainText('Finished');
  // Seen running before it finished: after the reload the poller sees it Finished only, so an earlier entry is the log's.
  await expect(timeline.first()).toContainText(/Running|Queued|Created/);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('简体中文: a zh-CN browser watches pasted IDs to the end, filters with the query box, and Ctrl+K goes to Settings', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const user = uniqueUserId();
    const ids = await createTasks(request, user, 2, 8_000, 'finished');
    await seedConsole(page, user);
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { name: '任务', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await typeInto(page.getByLabel('任务 ID'), ids.join('\n'));
    await page.getByRole('button', { name: '添加到关注列表' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已添加 2 个任务' })).toBeVisible();
    const firstBar = page.getByRole('progressbar', { name: `${ids[0]} 的进度` });
    await expect(firstBar).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/, { timeout: 15_000 });
    const table = page.getByRole('region', { name: '关注的任务' });
    await expect(table.getByText('已完成', { exact: true })).toHaveCount(2, { timeout: 30_000 });
    await expect(table.getByRole('link', { name: `下载 ${ids[0]} 的视频` })).toHaveAttribute('href', /.+/);

    const box = queryBox(page, '查询');
    await typeInto(box, `id:${ids[1]}`);
    await box.press('Enter');
    await expect(rows(page, / 的进度$/)).toHaveCount(1);
    await expect(page.getByRole('progressbar', { name: `${ids[1]} 的进度` })).toBeVisible();

    await page.getByRole('heading', { name: '任务', level: 1 }).click();
    await runFromPalette(page, '命令面板', '前往设置', '前往设置');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: '连接设置', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('combobox', { name: '语言' })).toHaveValue('zh-CN');
  });
});
