import { expect, test } from '@playwright/test';
import { seedConsole, shareLinkOf, uniqueUserId } from './tasks-helpers';

// From 16,384 rows the watch list is filtered and sorted in a worker of its own (src/features/tasks/query/worker/). Here
// its script loads under the console's Content-Security-Policy, and a query and its sort over 20,000 rows come out right.
// Which side answered is not seen from here (the page reads a list itself until the worker has it whole); that the
// worker answers is held by src/features/tasks/board/table/task-list-worker.test.tsx.
test('a list of 20,000 tasks answers a query and its sort from the list’s worker', async ({ page }) => {
  test.setTimeout(90_000);
  await seedConsole(page, uniqueUserId(), 0);
  await page.goto('/tasks');
  const ids = Array.from({ length: 20_000 }, (_, i) => `Service_AI_long_${String(i).padStart(5, '0')}`);
  const link = await shareLinkOf(page, ids);
  // Into the address of the open console (page.goto would wait for an address change the console prevents).
  await page.evaluate((url) => location.assign(url), link);
  await expect(page.getByText('Opened a shared list: added 20,000 tasks')).toBeVisible({ timeout: 30_000 });
  const heading = page.getByRole('heading', { level: 2, name: /^Watch list/ });
  await expect(heading).toHaveText('Watch list (20,000)');
  const box = page.getByRole('combobox', { name: 'Query' });
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('list.worker'))), {
      timeout: 20_000,
    })
    .toBe(true);
  await box.fill('id:*_1?999 sort:list-desc');
  await box.press('Enter');
  await expect(heading).toHaveText('Watch list (10 of 20,000 shown)');
  const first = page.getByRole('row').nth(1);
  await expect(first).toHaveAccessibleName(/Service_AI_long_19999/);
  await box.fill('');
  await box.press('Enter');
  await expect(heading).toHaveText('Watch list (20,000)');
});
