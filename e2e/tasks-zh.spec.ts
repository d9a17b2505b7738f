import { expect, test, type Locator } from '@playwright/test';
import { createTasks, endTasks, seedConsole, uniqueUserId } from './tasks-helpers';
import { expectAxeClean } from './axe';

/** Runs of two or more English words in a region's text, once IDs, URLs and codes are taken out. */
async function englishRuns(region: Locator): Promise<string[]> {
  const text = (await region.innerText()).replace(/Service_AI\w*|https?:\/\/\S+|\b(?:ID|CSV|JSON|URL|HTTP)\b/g, ' ');
  return text.match(/[A-Za-z]{2,}(?:[\s,.:;'’()-]+[A-Za-z]{2,})+/g) ?? [];
}

test('a zh-CN operator pastes IDs and watches them finish: form, report, list, table and poll line in Chinese, axe-clean', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  // Live at the first check, then ended by the emulator.
  const ids = await createTasks(request, user, 5, 600_000, 'finished');
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await seedConsole(page, user);
  await page.goto('/tasks');

  // The first screen (first-visit bundle, common messages) is Chinese from the start.
  await expect(page.getByRole('heading', { name: '任务', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: '添加任务' });
  await expect(form).toContainText('只提取以 Service_AI 开头的 ID');
  expect(await englishRuns(form)).toEqual([]);

  await page.getByLabel('任务 ID').fill([...ids, 'Service_AI', 'service_ai_lowercase', ids[0]].join('\n'));
  await page.getByRole('button', { name: '添加到关注列表' }).click();
  const report = page.getByRole('status').filter({ hasText: '粘贴的文本：已添加 5 个任务' });
  await expect(report).toBeVisible();
  await expect(report).toContainText('（找到 5 个任务 ID）');
  await expect(page.getByText('已忽略 3 项', { exact: true })).toBeVisible();
  expect(await englishRuns(form)).toEqual([]);

  // Progress bars and statuses in Chinese, until every task has finished.
  const firstBar = page.getByRole('progressbar', { name: `${ids[0]} 的进度` });
  await expect(firstBar).toBeVisible();
  const table = page.getByRole('region', { name: '关注的任务' });
  await expect(table.getByRole('columnheader', { name: '状态' })).toBeVisible();
  await expect(table.getByText('已创建', { exact: true })).toHaveCount(5);
  await endTasks(request, user, ids);
  await expect(table.getByText('已完成', { exact: true })).toHaveCount(5, { timeout: 20_000 });
  await expect(firstBar).toHaveAttribute('aria-valuenow', '100');
  await expect(table.getByRole('link', { name: `下载 ${ids[0]} 的视频` })).toBeVisible();
  // The rows' times follow the (default) relative setting, in Chinese: "3秒钟前", "现在".
  await expect(table.locator('time').first()).toHaveText(/前$|^现在$/);

  const list = page.getByRole('region', { name: /^关注列表/ });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText('关注列表 （5）');
  await expect(list.getByRole('group', { name: '对显示的任务的操作' })).toContainText('显示 5 个任务：');
  // Nothing left to check: the poll line says so, with its last update in Chinese.
  await expect(page.getByText(/^没有进行中的任务：不发送请求 · 最近更新 .+（\d+ 次请求）$/)).toBeVisible({ timeout: 10_000 });

  // The toolbar: search, sort and order, all by their Chinese names.
  await list.getByRole('searchbox', { name: '按 ID 搜索' }).fill(ids[2]!);
  await expect(list.getByRole('heading', { level: 2 })).toHaveText('关注列表 （显示 1 / 5）');
  await expect(list.getByRole('group', { name: '对显示的任务的操作' })).toContainText('显示 1 个任务：');
  await list.getByRole('searchbox', { name: '按 ID 搜索' }).fill('');
  const sort = list.getByRole('combobox', { name: '排序方式' });
  await expect(sort.locator('option')).toHaveText(['添加顺序', '状态（需处理的在前）', '进度', '最近更新']);
  await sort.selectOption({ label: '进度' });
  await list.getByRole('checkbox', { name: '降序' }).check();
  await expect(list.getByRole('checkbox', { name: '全选显示的任务' })).toBeVisible();
  await list.getByRole('checkbox', { name: `选择 ${ids[1]}` }).check();
  await expect(list.getByRole('group', { name: '对所选任务的操作' })).toContainText('已选择 1 个任务：');
  await list.getByRole('checkbox', { name: `选择 ${ids[1]}` }).uncheck();

  expect(await englishRuns(list)).toEqual([]);
  expect(await englishRuns(page.getByText(/^没有进行中的任务：不发送请求/))).toEqual([]);
  await expectAxeClean(page);

  // Absolute times in UTC (Settings), back on the list without a reload: the rows say the date, in Chinese.
  await page.getByRole('link', { name: '设置', exact: true }).click();
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: '时间显示' }).selectOption('absolute');
  await main.getByRole('combobox', { name: '时区' }).selectOption('utc');
  await page.getByRole('link', { name: '任务', exact: true }).click();
  await expect(page.getByRole('region', { name: '关注的任务' }).locator('time').first()).toHaveText(
    /^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}:\d{2}$/,
  );
  await context.close();
});
