import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAxeClean } from './axe';

/** Records the first text React renders into #root, to prove the first paint is in the chosen language. */
async function recordFirstText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { __firstText?: string };
    const observer = new MutationObserver(() => {
      const text = document.getElementById('root')?.textContent?.trim();
      if (text) {
        seen.__firstText = text;
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}
const firstText = (page: Page) => page.evaluate(() => (window as unknown as { __firstText?: string }).__firstText ?? '');

async function open(browser: Browser, locale: string): Promise<Page> {
  // axe needs a page of a context made here; `locale` sets navigator.languages in Chromium.
  const page = await (await browser.newContext({ locale })).newPage();
  await recordFirstText(page);
  return page;
}

test('a zh-CN browser gets Chinese from the first paint, switches to English without a reload, and keeps the choice', async ({
  browser,
}) => {
  const page = await open(browser, 'zh-CN');
  await page.goto('/tasks');
  await expect(page.getByRole('link', { name: '任务' })).toBeVisible();
  // The shell is painted in Chinese from the start. (The Tasks page's own words follow when the
  // tasks feature is converted: then assert that no English sentence is in the first text at all.)
  expect(await firstText(page)).toMatch(/^跳到正文/);
  expect(await firstText(page)).not.toMatch(/Skip to content|No user ID|Not set up/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('region', { name: '连接设置向导' })).toContainText('尚未设置用户 ID');
  await expectAxeClean(page);

  await page.evaluate(() => ((window as unknown as { __stayed?: boolean }).__stayed = true));
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' });
  await expect(page.getByRole('link', { name: 'Tasks' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
  await expect(page).toHaveTitle(/^Tasks · /);
  await expectAxeClean(page);

  await page.reload();
  await expect(page.getByRole('link', { name: 'Tasks' })).toBeVisible();
  expect(await firstText(page)).toMatch(/Skip to content/);
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
});

test('Settings offers the language and the time display, and is axe-clean in both languages', async ({ browser }) => {
  const page = await open(browser, 'en-US');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Connection settings', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectAxeClean(page);

  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: 'Language' }).selectOption({ label: '简体中文' });
  await expect(page.getByRole('heading', { name: '连接设置', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '用户 ID' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await main.getByRole('combobox', { name: '时间显示' }).selectOption('absolute');
  await main.getByRole('combobox', { name: '时区' }).selectOption('utc');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('console.time-setting') ?? '{}'))).toEqual({
    display: 'absolute',
    zone: 'utc',
  });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('console.locale') ?? 'null'))).toBe('zh-CN');
  await expectAxeClean(page);

  // A reload of another page keeps the language: its first paint is Chinese too.
  await page.goto('/tasks');
  await expect(page.getByRole('link', { name: '设置', exact: true })).toBeVisible();
  expect(await firstText(page)).toMatch(/^跳到正文/);
});
