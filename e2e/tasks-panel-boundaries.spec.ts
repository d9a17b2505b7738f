import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createTasks, pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';
import { expectAxeClean } from './axe';

const queryBox = (page: Page) => page.getByRole('combobox', { name: 'Query' });
const rows = (page: Page) => page.getByRole('progressbar', { name: /^Progress of / });
const watchListHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Watch list/ });

test('a chart library that cannot draw fails alone: the charts say so; the list, query box and add form still work', async ({
  page,
  request,
}) => {
  // Every canvas refuses to give a context: uPlot throws as it makes its chart.
  await page.addInitScript(() => {
    HTMLCanvasElement.prototype.getContext = function getContext() {
      throw new Error('Canvas drawing is blocked in this browser');
    } as typeof HTMLCanvasElement.prototype.getContext;
  });
  const user = uniqueUserId();
  const finished = await createTasks(request, user, 2, 600, 'finished');
  const failed = await createTasks(request, user, 1, 600, 'failed');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, [...finished, ...failed].join('\n'));
  await expect(page.getByText('2 of 3 finished · 1 failed')).toBeVisible({ timeout: 15_000 });

  const charts = page.getByRole('alert').filter({ hasText: 'Charts stopped working' });
  await expect(charts).toContainText('Canvas drawing is blocked in this browser');
  await expect(charts.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This page stopped working' })).toHaveCount(0);
  // The rest of the overview is there: the counts and the failures by error code.
  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Failures by error code' })).toBeVisible();
  await expectAxeClean(page);

  // The query box filters the list.
  await queryBox(page).fill('status:failed');
  await queryBox(page).press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(watchListHeading(page)).toContainText('(1 of 3 shown)');
  await queryBox(page).fill('');
  await queryBox(page).press('Enter');
  await expect(rows(page)).toHaveCount(3);

  // The add form adds.
  const more = await createTasks(request, user, 1, 600, 'finished');
  await pasteIds(page, more.join('\n'));
  await expect(page.getByText('3 of 4 finished · 1 failed')).toBeVisible({ timeout: 15_000 });
  await expect(rows(page)).toHaveCount(4);

  // "Try again" is reached from the keyboard and mounts the charts afresh (they fail again here, and say so again).
  await charts.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Charts stopped working' })).toBeVisible();
  await expect(watchListHeading(page)).toBeVisible();
});

test('a stored query that breaks the board as it loads is set aside with a notice; the page works, and after a reload too', async ({
  page,
  request,
}) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 2, 600, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, ids.join('\n'));
  await expect(page.getByText('2 of 2 finished')).toBeVisible({ timeout: 15_000 });

  // A query kept on this device that the page cannot take. The console's own encoder no longer
  // throws on any text (a lone surrogate once did: "URI malformed"), so this browser's encoder is
  // made to refuse one marked value, as an engine's quirk would.
  await page.addInitScript(() => {
    const encode = window.encodeURIComponent;
    window.encodeURIComponent = (value: string | number | boolean) => {
      if (String(value).includes('poisoned')) throw new URIError('URI malformed');
      return encode(value);
    };
  });
  await page.evaluate(() => localStorage.setItem('console.tasks.query', JSON.stringify('status:finished poisoned')));
  await page.reload();

  const notice = page.getByRole('alert').filter({ hasText: 'The saved query made this page fail, so it was set aside' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The page started again without it');
  await expect(page.getByRole('alert').filter({ hasText: 'stopped working' })).toHaveCount(0);
  await expect(watchListHeading(page)).toBeVisible();
  await expect(queryBox(page)).toHaveValue('');
  await expect(rows(page)).toHaveCount(2);
  await expectAxeClean(page);

  // Kept for export.
  const download = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Download' }).click();
  const saved = await readFile((await (await download).path())!, 'utf8');
  expect(saved).toBe('status:finished poisoned');

  // The page works after a reload: the notice stays until dismissed, the board stays whole.
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('main')).toBeFocused();
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
