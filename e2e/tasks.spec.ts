import { readFileSync, statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createTasks, cycles, pasteIds, recordStatusCalls, seedConsole, setTabHidden, uniqueUserId } from './tasks-helpers';

test('250 pasted IDs with duplicates and junk: 3 requests per cycle, progress, downloads, then silence', async ({ page, request }) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 250, 6_000, 'finished');
  await seedConsole(page, user);
  const calls = await recordStatusCalls(page);
  await page.goto('/tasks');
  const junk = ['2026-11-22 INFO worker started', 'service_ai_lowercase', 'Service_AI', 'taskId,status'];
  await pasteIds(page, [...junk, ...ids, ...ids.slice(0, 30), JSON.stringify(ids.slice(0, 10))].join('\n'));
  await expect(page.getByRole('status').filter({ hasText: 'added 250 tasks' })).toBeVisible();
  await expect(page.getByText(/Ignored \d+ items?$/)).toBeVisible();

  const firstBar = page.getByRole('progressbar', { name: `Progress of ${ids[0]}` });
  await expect(firstBar).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/, { timeout: 10_000 });
  const early = Number(await firstBar.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await firstBar.getAttribute('aria-valuenow'))).toBeGreaterThan(early);

  await expect(page.getByText('250 of 250 finished')).toBeVisible({ timeout: 20_000 });
  const liveCycles = cycles(calls).filter((c) => c.flatMap((x) => x.ids).length === 250);
  expect(liveCycles.length).toBeGreaterThanOrEqual(2);
  for (const cycle of liveCycles) expect(cycle.map((c) => c.ids.length)).toEqual([100, 100, 50]);
  for (const call of calls) expect(new Set(call.ids).size).toBe(call.ids.length);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download video of ${ids[0]}` }).click();
  const file = await (await downloadPromise).path();
  expect(statSync(file).size).toBeGreaterThan(1_000);
  // A real MP4: the ISO base media 'ftyp' box opens the file.
  expect(readFileSync(file).subarray(4, 8).toString('latin1')).toBe('ftyp');

  // The cause: the poll line says nothing is scheduled.
  const pollLine = page.getByText('Nothing live: no requests are sent');
  await expect(pollLine).toBeVisible();
  const settled = calls.length;
  // The proof: the line's own clock moves past "just now" to "5 s ago" (two 2 s intervals and more since the last
  // answer; a poll in between would have set it back to "just now"), and no request went out meanwhile.
  await expect(pollLine).toContainText(/· last update \d+ seconds ago/, { timeout: 10_000 });
  expect(calls.length).toBe(settled);
});

test('failed and aborted tasks show their code, meaning and advice', async ({ page, request }) => {
  const user = uniqueUserId();
  const failed = await createTasks(request, user, 2, 3_000, 'failed');
  const aborted = await createTasks(request, user, 1, 3_000, 'aborted');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, [...failed, ...aborted].join(', '));
  await expect(page.getByText('0 of 3 finished · 2 failed · 1 aborted')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Error 30\d\d: (source video unreadable|text detection failed|encoding timed out)/)).toHaveCount(2);
  await expect(page.getByText('Error 3100: aborted by operator')).toBeVisible();
  // The row says it (the failures table of the overview says it again for the group).
  await expect(page.getByRole('region', { name: 'Watched tasks' }).getByText('Resubmit only if the abort was a mistake.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);
});

test('a hidden tab sends no requests and catches up at once when visible again', async ({ page, request }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 5, 120_000);
  await seedConsole(page, user);
  const calls = await recordStatusCalls(page);
  await page.goto('/tasks');
  await pasteIds(page, ids.join(' '));
  await expect.poll(() => calls.length).toBeGreaterThanOrEqual(2);
  await setTabHidden(page, true);
  const atHide = calls.length;
  // The cause: the poll line says checks run only while this tab is visible (notifications are off).
  const pollLine = page.getByText('Checking every 2 sec while this tab is visible');
  await expect(pollLine).toBeVisible();
  // The proof: its clock moves past "just now" to "5 s ago" (two 2 s intervals and more with no answer; a check while
  // hidden would have set it back to "just now"), with at most the cycle that was already leaving as the tab hid.
  await expect(pollLine).toContainText(/· last update \d+ seconds ago/, { timeout: 10_000 });
  const whileHidden = calls.length;
  expect(whileHidden - atHide).toBeLessThanOrEqual(1);
  await setTabHidden(page, false);
  await expect.poll(() => calls.length, { timeout: 1_000 }).toBe(whileHidden + 1);
});

test('the list survives a reload and a share link reproduces it elsewhere, without the token', async ({ page, request, browser }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 4, 120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, ids.join('\t'));
  await expect(page.getByRole('progressbar', { name: /^Progress of / })).toHaveCount(4);
  await page.reload();
  await expect(page.getByRole('progressbar', { name: /^Progress of / })).toHaveCount(4);

  await page.getByRole('button', { name: 'Copy share link' }).click();
  await expect(page.getByText('Copied a link to 4 tasks')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // The IDs travel compressed in the fragment, which no server ever receives.
  expect(new URL(link).hash).toMatch(/^#ids=[\w-]+$/);
  expect(link).not.toContain('dev-token');
  expect(link).not.toContain(user);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await seedConsole(otherPage, user);
  await otherPage.goto(link);
  await expect(otherPage.getByText('Opened a shared list: added 4 tasks')).toBeVisible();
  for (const id of ids) await expect(otherPage.getByRole('progressbar', { name: `Progress of ${id}` })).toBeVisible();
  expect(new URL(otherPage.url()).search).toBe('');
  expect(new URL(otherPage.url()).hash).toBe('');
  await other.close();
});

test('remove one, remove selected and clear finished', async ({ page, request }) => {
  const user = uniqueUserId();
  const done = await createTasks(request, user, 2, 500);
  const live = await createTasks(request, user, 3, 120_000);
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, [...done, ...live].join('\n'));
  await expect(page.getByText('2 of 5 finished')).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: `Remove ${live[0]}` }).click();
  await page.getByRole('checkbox', { name: `Select ${live[1]}` }).check();
  await page.getByRole('button', { name: 'Remove 1' }).click();
  await page.getByRole('button', { name: 'Yes, remove 1 task' }).click();
  await page.getByRole('button', { name: 'Clear finished (2)' }).click();
  await page.getByRole('button', { name: 'Yes, remove 2 finished' }).click();
  await expect(page.getByRole('progressbar', { name: /^Progress of / })).toHaveCount(1);
  await expect(page.getByRole('progressbar', { name: `Progress of ${live[2]}` })).toBeVisible();
});

test('file import, status filter, search, CSV export and copy failed IDs', async ({ page, request }) => {
  const user = uniqueUserId();
  const finished = await createTasks(request, user, 3, 500, 'finished');
  const failed = await createTasks(request, user, 2, 500, 'failed');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await seedConsole(page, user);
  await page.goto('/tasks');
  const csv = ['taskId,note', ...[...finished, ...failed].map((id, i) => `${id},row ${i}`), `${finished[0]},again`].join('\n');
  await page.getByLabel('Import from file…').setInputFiles({ name: 'tasks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('File tasks.csv: added 5 tasks')).toBeVisible();
  await expect(page.getByText('3 of 5 finished · 2 failed')).toBeVisible({ timeout: 10_000 });

  const rows = page.getByRole('progressbar', { name: /^Progress of / });
  await page.getByRole('button', { name: 'Failed 2' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Finished 3' }).click();
  await expect(rows).toHaveCount(5);
  await page.getByRole('button', { name: 'Finished 3' }).click();

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = readFileSync(await (await downloadPromise).path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(text).toHaveLength(3);
  expect(text.slice(1).every((line) => line.includes(',5,Failed,'))).toBe(true);

  await page.getByRole('button', { name: 'Copy failed IDs' }).click();
  expect((await page.evaluate(() => navigator.clipboard.readText())).split('\n').sort()).toEqual([...failed].sort());

  await page.getByRole('button', { name: 'Failed 2' }).click();
  await page.getByLabel('Search by ID').fill(finished[1]!.slice(-10));
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('progressbar', { name: `Progress of ${finished[1]}` })).toBeVisible();
});
