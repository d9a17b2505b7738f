import { expect, test } from '@playwright/test';
import { createTasks, pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';
import { expectAxeClean } from './axe';

// One board, checked in both color schemes (the page follows prefers-color-scheme as it changes): one page load
// and one wait for the short tasks to end, where a test per scheme waited twice.
test('axe finds no violations on the dashboard with data (light, then dark)', async ({ browser, request }) => {
  // Two axe runs of a full board, as the two tests had between them (each took up to 28 s on a loaded machine).
  test.setTimeout(90_000);
  const user = uniqueUserId();
  const ids = [...(await createTasks(request, user, 12, 3_000, 'mixed')), ...(await createTasks(request, user, 4, 120_000))];
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, [...ids, 'Service_AI_unknown_id'].join('\n'));
  await expect(page.getByText(/of 17 finished/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Progress of ${ids[0]}` })).toHaveAttribute('aria-valuenow', /\d+/, {
    timeout: 10_000,
  });
  // Axe checks the rows in their end states: the 12 short tasks have all ended (finished, failed or aborted)
  // by the summary's own count.
  const summary = page.getByText(/of 17 finished/);
  const ended = async () =>
    [...((await summary.textContent()) ?? '').matchAll(/(\d+) (?:of 17 finished|failed|aborted)/g)].reduce((n, m) => n + Number(m[1]), 0);
  await expect.poll(ended, { timeout: 15_000 }).toBe(12);
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
  await expectAxeClean(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  await expectAxeClean(page);
  await context.close();
});
