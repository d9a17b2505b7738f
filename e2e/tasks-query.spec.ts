import { expect, test, type Page } from '@playwright/test';
import { createTasks, pasteIds, seedConsole, uniqueUserId, watchFailedWithCodes } from './tasks-helpers';
import { expectAxeClean } from './axe';

const watchListHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Watch list/ });
const queryBox = (page: Page) => page.getByRole('combobox', { name: 'Query' });
const rows = (page: Page) => page.getByRole('progressbar', { name: /^Progress of / });
const queryInUrl = (page: Page) => new URL(page.url()).searchParams.get('q');

test('status:failed code:3002 updated:<1h shows only those rows, counted; chips and query move together; the address keeps it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { failed, total, with3002 } = await watchFailedWithCodes(page, request);

  const box = queryBox(page);
  await box.fill('status:failed code:3002 updated:<1h');
  await box.press('Enter');
  await expect(rows(page)).toHaveCount(with3002.length);
  for (const id of with3002) await expect(page.getByRole('progressbar', { name: `Progress of ${id}` })).toBeVisible();
  await expect(watchListHeading(page)).toContainText(`(${with3002.length} of ${total} shown)`);
  await expect.poll(() => queryInUrl(page)).toBe('status:failed code:3002 updated:<1h');
  // The chips read the query…
  const failedChip = page.getByRole('button', { name: `Failed ${failed.length}` });
  await expect(failedChip).toHaveAttribute('aria-pressed', 'true');
  // …and write it.
  await page.getByRole('button', { name: 'Finished 3' }).click();
  await expect(box).toHaveValue('status:failed,finished code:3002 updated:<1h');
  await failedChip.click();
  await page.getByRole('button', { name: 'Finished 3' }).click();
  await expect(box).toHaveValue('code:3002 updated:<1h');
  await expect(failedChip).toHaveAttribute('aria-pressed', 'false');
  await expect(rows(page)).toHaveCount(with3002.length);
  // The sort controls write it too.
  await page.getByLabel('Sort by').selectOption({ label: 'Progress' });
  await page.getByLabel('Descending').check();
  await expect(box).toHaveValue('code:3002 updated:<1h sort:progress-desc');
  await expect.poll(() => queryInUrl(page)).toBe('code:3002 updated:<1h sort:progress-desc');

  // A reload (and the address alone, in another tab) opens the same view.
  await page.reload();
  await expect(queryBox(page)).toHaveValue('code:3002 updated:<1h sort:progress-desc');
  await expect(rows(page)).toHaveCount(with3002.length);
  await expect(page.getByLabel('Sort by')).toHaveValue('progress');
  await expect(page.getByLabel('Descending')).toBeChecked();

  // Export the filtered rows: what the query shows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(with3002.length + 1);
});

test('the grammar’s errors are named under the box in an alert; the rest of the query still filters', async ({ page, request }) => {
  const user = uniqueUserId();
  const failed = await createTasks(request, user, 2, 600, 'failed');
  const finished = await createTasks(request, user, 3, 600, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, [...failed, ...finished].join('\n'));
  await expect(page.getByText('3 of 5 finished · 2 failed')).toBeVisible({ timeout: 15_000 });

  const box = queryBox(page);
  await box.pressSequentially('stauts:failed status:finishd has:video');
  const alert = page.getByRole('alert').filter({ hasText: 'is not a qualifier' });
  // Named after a pause (a term is wrong while it is being typed).
  await expect(alert).toContainText(
    '“stauts” is not a qualifier. Use one of: status, progress, code, age, updated, eta, stalled, has, id, sort.',
  );
  await expect(alert).toContainText('Did you mean “status”?');
  await expect(alert).toContainText('“finishd” is not a value of status. Use one of: created, queued, running, finished, failed, aborted');
  await expect(alert).toContainText('Did you mean “finished”?');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  // The wrong terms are left out: has:video alone filters.
  await expect(rows(page)).toHaveCount(3);
  await box.scrollIntoViewIfNeeded();
  await expectAxeClean(page);

  await box.fill('progress:150 updated:10m');
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'progress' })).toContainText('progress: “150” is outside 0–100.');
  await expect(page.getByRole('alert').filter({ hasText: 'progress' })).toContainText('updated: say more or less than 10m: <10m, >10m.');
  await box.fill('');
  await box.press('Enter');
  await expect(box).toHaveAttribute('aria-invalid', 'false');
  await expect(rows(page)).toHaveCount(5);
});

test('autocomplete by keyboard: qualifiers, then values; arrows choose, Enter and Tab take, Escape closes', async ({ page, request }) => {
  const user = uniqueUserId();
  const failed = await createTasks(request, user, 2, 600, 'failed');
  const finished = await createTasks(request, user, 2, 600, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, [...failed, ...finished].join('\n'));
  await expect(page.getByText('2 of 4 finished · 2 failed')).toBeVisible({ timeout: 15_000 });

  const box = queryBox(page);
  await box.focus();
  await page.keyboard.type('stat');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option')).toHaveText([/status:\s*Status/]);
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { name: /status:/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('status:');
  await expect(list.getByRole('option', { name: /failed\s*Failed/ })).toBeVisible();
  await expectAxeClean(page);
  await page.keyboard.type('fa');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(box).toHaveValue('status:failed ');
  await expect(box).toBeFocused();
  await expect(rows(page)).toHaveCount(2);
  await page.keyboard.type('-');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});

test('an address from before the query language (?status=…&sort=…&q=…) opens the same view, said as a query', async ({ page, request }) => {
  const user = uniqueUserId();
  const failed = await createTasks(request, user, 2, 600, 'failed');
  const finished = await createTasks(request, user, 2, 600, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, [...failed, ...finished].join('\n'));
  await expect(page.getByText('2 of 4 finished · 2 failed')).toBeVisible({ timeout: 15_000 });
  await page.goto(`/tasks?status=5&sort=progress&desc=1&q=${failed[0]!.slice(-6)}`);
  await expect(queryBox(page)).toHaveValue(`status:failed ${failed[0]!.slice(-6)} sort:progress-desc`);
  await expect(page.getByRole('button', { name: 'Failed 2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Search by ID')).toHaveValue(failed[0]!.slice(-6));
  await expect(rows(page)).toHaveCount(1);
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toEqual({
      q: `status:failed ${failed[0]!.slice(-6)} sort:progress-desc`,
    });
});

test('zh-CN: the query box and its errors speak Chinese, axe-clean', async ({ browser, request }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 3, 600, 'finished');
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await seedConsole(page, user);
  await page.goto('/tasks');
  await page.getByLabel('任务 ID').fill(ids.join('\n'));
  await page.getByRole('button', { name: '添加到关注列表' }).click();
  const box = page.getByRole('combobox', { name: '查询' });
  await box.fill('stauts:failed progress:abc');
  await box.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: '限定词' });
  await expect(alert).toContainText('“stauts”不是限定词。可用的限定词：status、progress、code');
  await expect(alert).toContainText('您是想输入“status”吗？');
  await expect(alert).toContainText('progress：“abc”不是数字（例如 50、<50、>=3002）。');
  await box.fill('');
  await page.keyboard.type('st');
  await expect(page.getByRole('listbox', { name: '建议' }).getByRole('option')).toHaveText([/status:\s*状态/, /stalled:\s*停滞/]);
  await box.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expectAxeClean(page);
  await context.close();
});
