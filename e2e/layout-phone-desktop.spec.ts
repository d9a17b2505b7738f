import { expect, test, type Locator, type Page } from '@playwright/test';
import { answerStatusAsUnreachableProxy, createTasks, pollInDedicatedWorker, seedConsole, uniqueUserId } from './tasks-helpers';
import { fillAndSynthesize, openStudio } from './speech-helpers';
import { STAND_IN_ENGINE } from './speech-engine';

// Issue 39, points 10 and 12: layout facts (boxes, scroll widths) at a phone's and a desktop's width.

/** The box is inside the viewport (the operator sees it without scrolling). */
async function inView(page: Page, what: Locator): Promise<boolean> {
  const box = (await what.boundingBox())!;
  const { height } = page.viewportSize()!;
  // A pixel of slack: a box scrolled to the top may sit a fraction above it.
  return box.y >= -1 && box.y + box.height <= height + 1;
}

/** How many lines a one-line control's text takes: its height over the height of one line of its font. */
const lines = (button: Locator) =>
  button.evaluate((el) => {
    const style = getComputedStyle(el);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return Math.round((el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / line);
  });

test.describe('speech at 390 px', () => {
  test.use(STAND_IN_ENGINE);
  test('after Synthesize a status by the button says the take is ready, and Go to result moves focus to it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openStudio(page);
    await fillAndSynthesize(page, { text: 'A phone-sized check of where the take goes.' });
    const ready = page.getByRole('status').filter({ hasText: 'Take ready' });
    // Before: nothing in view said it; the result began about 940 px below the button.
    await expect(ready).toBeVisible({ timeout: 15_000 });
    expect(await inView(page, ready)).toBe(true);
    await expect(page.getByRole('button', { name: 'Synthesize' })).toBeFocused();
    await page.getByRole('button', { name: 'Go to result' }).click();
    const title = page.getByRole('heading', { name: 'Result', level: 2 });
    await expect(title).toBeFocused();
    await expect.poll(() => inView(page, title)).toBe(true);

    // The same line in Chinese, once the console switches: it names the take and leads to it.
    await page.getByRole('button', { name: 'Synthesize' }).focus();
    await page.getByRole('banner').getByRole('combobox').selectOption('zh-CN');
    const readyZh = page.getByRole('status').filter({ hasText: '录音已生成' });
    await expect(readyZh).toBeVisible();
    await page.getByRole('button', { name: '转到结果' }).click();
    await expect(page.getByRole('heading', { name: '结果', level: 2 })).toBeFocused();
  });
});

test('zh-CN at 390 px: the failures table’s copy buttons stay on one line, and a row’s cut error opens whole', async ({
  browser,
  request,
}) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 2, 500, 'failed');
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await seedConsole(page, user);
  await page.goto('/tasks');
  await page.getByRole('textbox', { name: '任务 ID' }).fill(ids.join(' '));
  await page.getByRole('button', { name: '添加到关注列表' }).click();
  const failures = page.getByRole('region', { name: '概览' }).getByRole('table', { name: '按错误码统计的失败' });
  const copy = failures.getByRole('button', { name: /^复制错误码为 \d+ 的任务 ID$/ });
  await expect(copy.first()).toBeVisible({ timeout: 15_000 });
  // Before: 复制 ID broke into two lines here (four with a Chinese font).
  for (const button of await copy.all()) expect(await lines(button)).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await failures.scrollIntoViewIfNeeded();

  // A row's error is cut with "…" to fit its card; a button opens the whole text (before: a title only, out of touch's reach).
  const board = page.getByRole('region', { name: '关注的任务' });
  const cut = board.getByRole('button', { name: /^错误 \d+：/ }).first();
  await cut.click();
  const whole = page.getByText(/^错误 \d+：.+。.+/).filter({ visible: true });
  await expect(whole).toBeVisible();
  expect(await whole.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
  expect(await inView(page, whole)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(whole).toBeHidden();
  await expect(cut).toBeFocused();
  await context.close();
});

test('1280 px, zh-CN, absolute times: the watch list fits its box; a failing gateway keeps Shortcuts on one line (zh and en)', async ({
  browser,
  request,
}) => {
  const user = uniqueUserId();
  const failed = await createTasks(request, user, 1, 500, 'failed');
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await seedConsole(page, user);
  await page.addInitScript(() => localStorage.setItem('console.time-setting', JSON.stringify({ display: 'absolute', zone: 'local' })));
  // The gateway is failed below with page.route, which a shared worker's requests do not pass through.
  await pollInDedicatedWorker(page);
  await page.goto('/tasks');
  const shortcuts = page.getByRole('banner').getByRole('button', { name: '快捷键' });
  // Within the header, not the page: the board is scrolled into view below, which may scroll the page.
  const inBanner = async (button: typeof shortcuts) => (await button.boundingBox())!.y - (await page.getByRole('banner').boundingBox())!.y;
  const oneLine = await inBanner(shortcuts);
  // A long ID (any text after Service_AI is one) and a failed task: the widest cells a row has.
  await page.getByRole('textbox', { name: '任务 ID' }).fill([...failed, `Service_AI_${'long_id_'.repeat(14)}`].join(' '));
  await page.getByRole('button', { name: '添加到关注列表' }).click();
  const board = page.getByRole('region', { name: '关注的任务' });
  await expect(board.getByText(/^错误 \d+：/)).toBeVisible({ timeout: 15_000 });
  await expect(board.getByRole('button', { name: /^移除 / })).toHaveCount(2);
  const table = board.getByRole('table');
  const box = table.locator('xpath=..');
  // Before: the table was wider than its box and the 移除 buttons were cut (by 391 px with this ID, before).
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  const edge = (await box.boundingBox())!;
  for (const remove of await board.getByRole('button', { name: /^移除 / }).all()) {
    const r = (await remove.boundingBox())!;
    expect(r.x + r.width).toBeLessThanOrEqual(edge.x + edge.width);
  }
  await board.scrollIntoViewIfNeeded();

  await answerStatusAsUnreachableProxy(page);
  // A new ID is checked at once: its answer is the 502.
  await page.getByRole('textbox', { name: '任务 ID' }).fill('Service_AI_not_there_yet');
  await page.getByRole('button', { name: '添加到关注列表' }).click();
  const state = page.getByRole('banner').getByRole('status');
  await expect(state).toContainText('控制台服务器无法连接网关', { timeout: 15_000 });
  for (const [language, name] of [
    ['zh-CN', '快捷键'],
    ['en', 'Shortcuts'],
  ] as const) {
    await page.getByRole('banner').getByRole('combobox').selectOption(language);
    const button = page.getByRole('banner').getByRole('button', { name });
    // Before: in English the header wrapped and Shortcuts went to a second line.
    await expect.poll(() => inBanner(button)).toBe(oneLine);
  }
  await expect(state).toContainText('Failing: The console’s server could not reach the gateway');
  await context.close();
});
