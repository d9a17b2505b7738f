import { expect, test } from '@playwright/test';
import { createTasks, seedConsole, uniqueUserId } from './tasks-helpers';

test('a paste of 5,000 IDs is kept beside the field, added with progress, and its rows show', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = uniqueUserId();
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push(...(await createTasks(request, user, 1000, 1_000, 'finished')));
  await seedConsole(page, user);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.goto('/tasks');
  // Every line the add form's status region shows, even for a moment.
  await page.evaluate(() => {
    const lines: string[] = [];
    (window as unknown as { progressLines: string[] }).progressLines = lines;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('form[aria-label="Add tasks"] [role="status"]')) lines.push(el.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  await page.evaluate((text) => navigator.clipboard.writeText(text), ['taskId', ...ids, ids[0]].join('\n'));
  const field = page.getByLabel('Task IDs');
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByText(/^Pasted text of 0\.\d MB kept aside \(too long to show\)/)).toBeVisible();
  await expect(field).toHaveValue('');
  await page.getByRole('button', { name: 'Add to watch list' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Pasted text: added 5,000 tasks (found 5,000 task IDs)' })).toBeVisible();
  await expect(page.getByText(/^[\d,]+ of 5,000 finished/)).toBeVisible();
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '5001');
  await expect(page.getByText(/kept aside/)).toBeHidden();
  const lines = await page.evaluate(() => (window as unknown as { progressLines: string[] }).progressLines);
  // Reading may finish inside one slice on a fast machine; the count is always said once it is known.
  expect(lines.some((l) => /^Adding 5,000 IDs… \d+%$/.test(l))).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: /^Reading|^Adding/ })).toHaveCount(0);
});

test('a file of IDs over the watch list cap says what did not fit, in an alert', async ({ page }) => {
  test.setTimeout(90_000);
  await seedConsole(page, uniqueUserId());
  await page.goto('/tasks');
  const text = Array.from({ length: 100_003 }, (_, i) => `Service_AI_cap_${i}`).join('\n');
  await page.getByLabel('Import from file…').setInputFiles({ name: 'many.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(page.getByRole('alert')).toHaveText(
    '3 not added: the watch list is full (it holds at most 100,000 tasks). Clear finished tasks to make room.',
    { timeout: 60_000 },
  );
  await expect(page.getByRole('status').filter({ hasText: 'File many.txt: added 100,000 tasks' })).toBeVisible();
});
