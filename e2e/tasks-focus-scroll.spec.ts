import { expect, test } from '@playwright/test';
import { watchNewTasks } from './tasks-helpers';

// The table draws only the rows in view and gives a row that left to a task coming in. A control with focus must
// never end up on another task (its Remove would remove that one): it keeps its task while drawn; scrolled away,
// focus moves to the table; removed, to the same control of the task in its place.
test('a focused Remove keeps its task through a scroll, and leaves for the table when its task scrolls away', async ({ page, request }) => {
  test.setTimeout(60_000);
  const ids = await watchNewTasks(page, request, 300);
  const region = page.getByRole('region', { name: 'Watched tasks' });
  const remove = (i: number) => page.getByRole('button', { name: `Remove ${ids[i]}` });
  await expect(remove(4)).toBeVisible();
  await region.scrollIntoViewIfNeeded();
  const box = (await region.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  // A small step: the task stays drawn, and its button keeps focus.
  await remove(4).focus();
  await page.mouse.wheel(0, 100);
  await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(50);
  await expect(remove(4)).toBeFocused();

  // Far down: the task's row goes to another task, and focus to the table, not to "Remove <another task>".
  await page.mouse.wheel(0, 3_000);
  await expect(remove(4)).toHaveCount(0);
  await expect(region).toBeFocused();
  // The operator goes on from there: Tab reaches a control of a row in view.
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('tr[aria-rowindex]') !== null)).toBe(true);
});

test('Enter on a focused Remove removes that task, and focus goes to the Remove of the task now in its place', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const ids = await watchNewTasks(page, request, 40);
  const remove = (i: number) => page.getByRole('button', { name: `Remove ${ids[i]}` });
  await remove(3).focus();
  await page.keyboard.press('Enter');
  await expect(remove(3)).toHaveCount(0);
  await expect(remove(4)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(remove(4)).toHaveCount(0);
  await expect(remove(5)).toBeFocused();
  await expect(page.getByRole('table', { name: 'Watched tasks' })).toHaveAttribute('aria-rowcount', String(ids.length - 2 + 1));
});
