import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { createTasks, endTasks, seedConsole, shareLinkOf, uniqueUserId } from './tasks-helpers';
import { expectAxeClean } from './axe';

/** Runs of three or more English words in a region's text (IDs, URLs and codes have no spaces between words). */
async function englishRuns(region: Locator): Promise<string[]> {
  const text = await region.innerText();
  return text.match(/\b[A-Za-z]{2,}(?:[ ,.'’]+[A-Za-z]{2,}){2,}\b/g) ?? [];
}

test('the board in zh-CN: overview, charts, a failed task’s advice, a download, the feed in UTC and a CSV export in Chinese with a BOM', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const user = uniqueUserId();
  // Live at the first check, then ended by the emulator: their endings are transitions the feed shows.
  const [finishedId] = await createTasks(request, user, 1, 600_000, 'finished');
  const [failedId] = await createTasks(request, user, 1, 600_000, 'failed');
  // `locale` sets navigator.languages: the console starts in Chinese.
  const context = await browser.newContext({ locale: 'zh-CN', acceptDownloads: true });
  const page = await context.newPage();
  await seedConsole(page, user);
  // Times absolute and in UTC: the feed and the export must say so.
  await page.addInitScript(() => localStorage.setItem('console.time-setting', JSON.stringify({ display: 'absolute', zone: 'utc' })));
  await page.goto('/tasks');
  const link = await shareLinkOf(page, [finishedId!, failedId!]);
  // A fresh load of the link (from /tasks, only the fragment would change: no load to wait for).
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByText('已打开分享的列表：添加了 2 个任务')).toBeAttached({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: '关注的任务' }).getByText('已创建', { exact: true })).toHaveCount(2);
  await endTasks(request, user, [finishedId!, failedId!]);

  const overview = page.getByRole('region', { name: '概览' });
  await expect(overview.getByRole('heading', { name: '概览', level: 2 })).toBeVisible();
  await expect(overview.getByText('已完成 1/2 · 失败 1')).toBeVisible({ timeout: 15_000 });
  await expect(overview.getByRole('button', { name: '失败 1' })).toBeVisible();
  await expect(overview.getByRole('img', { name: /^各状态任务数的变化：自 .+ 起，目前已完成 1，失败 1$/ })).toBeVisible();
  await expect(overview.getByRole('img', { name: /^每分钟完成和失败的任务数：/ })).toBeVisible();
  await expect(overview.getByRole('heading', { name: '吞吐量' })).toBeVisible();
  await expect(overview.getByText('没有进行中的任务：此批次已结束。')).toBeVisible();
  const failures = overview.getByRole('table', { name: '按错误码统计的失败' });
  await expect(failures.getByRole('columnheader', { name: '重试建议' })).toBeVisible();
  await expect(failures.getByRole('button', { name: /^复制错误码为 \d+ 的任务 ID$/ })).toBeVisible();
  expect(await englishRuns(overview)).toEqual([]);

  // The feed: Chinese words, times absolute in UTC (the zone on hover).
  const feed = page.getByRole('region', { name: '最近变化' });
  // The tasks were live at the first check, so their endings are transitions.
  await expect(feed.getByRole('listitem').first()).toContainText('→');
  const time = feed.locator('time').first();
  await expect(time).toHaveAttribute('title', /\(UTC\)$/);
  await expect(time).toHaveText(/\d{4}年\d{1,2}月\d{1,2}日/);
  expect(await englishRuns(feed)).toEqual([]);
  await expectAxeClean(page);

  // A failed task's details: its error code, meaning and retry advice, in Chinese.
  await page.goto(`/tasks/${encodeURIComponent(failedId!)}`);
  const failed = page.getByRole('dialog', { name: failedId! });
  await expect(failed.getByText(/^错误码 \d+：\S+/)).toBeVisible({ timeout: 15_000 });
  await expect(failed.getByText(/重试|重新提交|不要原样重试/).first()).toBeVisible();
  await expect(failed.getByRole('heading', { name: '时间线' })).toBeVisible();
  await expect(failed.getByRole('button', { name: '复制任务 ID' })).toBeVisible();
  await expect(failed.getByRole('img', { name: /^进度变化：/ }).or(failed.getByText('尚未观察到进度。'))).toBeVisible();
  expect(await englishRuns(failed)).toEqual([]);
  await expectAxeClean(page);
  await failed.getByRole('button', { name: '关闭' }).click();

  // A finished task's details: its download link, named in Chinese.
  await page.goto(`/tasks/${encodeURIComponent(finishedId!)}`);
  const finished = page.getByRole('dialog', { name: finishedId! });
  await expect(finished.getByRole('link', { name: `下载 ${finishedId} 的视频` })).toHaveAttribute('href', /^https?:\/\//);
  expect(await englishRuns(finished)).toEqual([]);
  await finished.getByRole('button', { name: '关闭' }).click();

  // The CSV export: UTF-8 with a BOM, headers in Chinese, codes as codes, the zone named.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^(Export CSV|导出 CSV)$/ }).click();
  const bytes = await readFile(await (await download).path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe(
    '任务 ID,状态代码,状态,进度,错误码,错误含义,结果视频 URL,更新时间（毫秒时间戳）,更新时间（ISO，UTC）,更新时间（UTC）',
  );
  expect(lines.find((l) => l.startsWith(`${failedId},5,失败,`))).toBeDefined();
  expect(lines.find((l) => l.startsWith(`${finishedId},4,已完成,100,`))).toBeDefined();
  await context.close();
});
