import { expect, test, type Page } from '@playwright/test';
import { seedConsole, watchFailedWithCodes } from './tasks-helpers';

// Issue 28's "done when", from the keyboard alone through Ctrl+K: query, save as a view, reload, open the view
// from the palette with its live count, and the view's link opening the same query on a colleague's console.

const QUERY = 'status:failed code:3002 updated:<1h';
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const queryBox = (page: Page) => page.getByRole('combobox', { name: 'Query' });
const rows = (page: Page) => page.getByRole('progressbar', { name: /^Progress of / });
const views = (page: Page) => page.getByRole('navigation', { name: 'Saved views' });

/** Ctrl+K, type, Enter: runs the first command that matches. */
async function runCommand(page: Page, typed: string, expected: string): Promise<void> {
  await page.keyboard.press('Control+K');
  await page.keyboard.type(typed);
  await expect(palette(page).getByRole('option').first()).toHaveText(expected);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
}

test('an operator queries, saves, reloads, reopens and shares a view from the keyboard through Ctrl+K', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { user, finished, total, with3002 } = await watchFailedWithCodes(page, request);

  // The query, typed into the box (the palette's "Edit the query" focuses it too, below).
  await queryBox(page).focus();
  await page.keyboard.type(QUERY);
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(with3002.length);
  await expect(page.getByRole('heading', { level: 2, name: /^Watch list/ })).toContainText(`(${with3002.length} of ${total} shown)`);

  // Saved under a name, from the palette too: typed at once after Ctrl+K, from inside the query box, the keys are the
  // palette's even while its chunk is still loading (the first open), and the query keeps its text.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('save the current');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
  await expect(queryBox(page)).toHaveValue(QUERY);
  await expect(page.getByLabel('View name')).toBeFocused();
  await page.keyboard.type('3002 last hour');
  await page.keyboard.press('Enter');
  const saved = views(page).getByRole('link', { name: /^3002 last hour/ });
  const counted = `3002 last hour ${with3002.length} ${with3002.length === 1 ? 'task' : 'tasks'}`;
  await expect(saved).toHaveAccessibleName(counted);

  // Another query, a reload, and the view opened from the palette with its count.
  await runCommand(page, 'edit the query', 'Edit the query');
  await expect(queryBox(page)).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('status:finished');
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(finished.length);
  await page.reload();
  await expect(saved).toHaveAccessibleName(counted, { timeout: 15_000 });
  await runCommand(page, '3002 last', 'Open view: 3002 last hour');
  await expect(queryBox(page)).toHaveValue(QUERY);
  await expect(rows(page)).toHaveCount(with3002.length);
  await expect(saved).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(QUERY);

  // Its link, with the watch list, opens the same view on a colleague's console (no storage of their own).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('checkbox', { name: 'Links open my watch list too' }).check();
  await views(page).getByRole('button', { name: 'Copy link to view “3002 last hour”' }).press('Enter');
  await expect(views(page).getByText(/^Copied a link to view “3002 last hour” with \d+ tasks$/)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('view=3002+last+hour');
  const colleague = await browser.newContext();
  try {
    const other = await colleague.newPage();
    // The same service user: a colleague on the account, whose console has no list or views of its own.
    await seedConsole(other, user);
    await other.goto(link);
    await expect(queryBox(other)).toHaveValue(QUERY, { timeout: 15_000 });
    await expect(other.getByText('Opened view “3002 last hour”')).toBeVisible();
    await expect(rows(other)).toHaveCount(with3002.length, { timeout: 15_000 });
  } finally {
    await colleague.close();
  }
});
