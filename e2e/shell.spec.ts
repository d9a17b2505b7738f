import { expect, test } from '@playwright/test';
import { axeBuilder } from './axe';

test('navigation has real URLs, page titles, and the back button works', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page).toHaveTitle('Tasks · Service AI Console');
  // The redirect from / is the page load, not a navigation: focus stays where a load leaves it.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Speech' }).click();
  await expect(page).toHaveURL(/\/speech$/);
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveTitle(/Speech studio · Service AI Console/);
  await expect(nav.getByRole('link', { name: 'Speech' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connection settings' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/speech$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page).toHaveTitle('Tasks · Service AI Console');
});

test('an unknown path says so', async ({ page }) => {
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

// Both color schemes in one journey (the page follows prefers-color-scheme as it changes): the same six checks as
// a test per scheme made, with one context and one connection test.
test('axe finds no violations on the shell and settings (light, then dark)', async ({ browser }) => {
  // Six axe runs, as the two tests had between them.
  test.setTimeout(60_000);
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  const pages = async (colorScheme: string) => {
    for (const path of ['/tasks', '/settings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await axeBuilder(page).analyze();
      expect(results.violations, `${path} in ${colorScheme}`).toEqual([]);
    }
  };
  await pages('light');
  // With the local gateway in use, the alert and status texts are on screen too.
  await page.getByRole('button', { name: 'Use the local gateway' }).click();
  await page.getByLabel('Token', { exact: true }).fill('wrong-token');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Token rejected' })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
    const results = await axeBuilder(page).analyze();
    expect(results.violations, `settings with results in ${colorScheme}`).toEqual([]);
  }
  await pages('dark');
  await context.close();
});
