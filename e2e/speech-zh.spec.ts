import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { seedConnection, uniqueUserId } from './speech-helpers';
import { STAND_IN_ENGINE } from './speech-engine';
import { expectAxeClean } from './axe';

// The speech journeys of e2e/speech.spec.ts in a browser whose language is Chinese (issue 27).

/**
 * Runs of three or more English words in what a region shows, leaving out what may stay English:
 * the gateway's own words (`.alert-detail`), and whatever else `skip` names.
 */
async function englishRuns(region: Locator, skip: readonly string[] = []): Promise<string[]> {
  const text = await region.evaluate((el, selectors) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const s of ['.alert-detail', ...selectors]) copy.querySelectorAll(s).forEach((n) => n.remove());
    // innerText of a detached copy has no layout: read textContent of what a person sees (closed <details> only show their summary).
    copy.querySelectorAll('details:not([open]) > :not(summary), datalist, [hidden], .visually-hidden').forEach((n) => n.remove());
    return copy.textContent ?? '';
  }, skip);
  return text.match(/[A-Za-z]{2,}(?:[\s,.:;'’-]+[A-Za-z]{2,}){2,}/g) ?? [];
}

async function openStudio(browser: Browser, userId: string): Promise<Page> {
  // axe needs a page of a context made here; `locale` sets navigator.languages in Chromium.
  const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await seedConnection(page, userId);
  await page.goto('/speech');
  await expect(page.getByRole('heading', { name: '语音工作室', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  return page;
}

// The page in Chinese is the subject: the stand-in engine speaks (docs/performance.md).
test.use(STAND_IN_ENGINE);

const form = (page: Page) => page.getByRole('form', { name: '语音合成' });
const result = (page: Page) => page.getByRole('region', { name: '结果' });
const history = (page: Page) => page.getByRole('region', { name: '历史记录' });

test('synthesize in Chinese: labels, a validation error as an alert, the take, its player and history, axe-clean', async ({ browser }) => {
  const page = await openStudio(browser, uniqueUserId());
  await expect(result(page)).toContainText('合成一段文本，或从历史记录中重放一条录音。');
  await expect(history(page)).toContainText('还没有录音。');

  await page.getByRole('button', { name: '合成' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请输入文本' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '请填写音色名称或音色编号' })).toHaveCount(2);
  await expect(page.getByLabel('要合成的文本')).toHaveAttribute('aria-invalid', 'true');
  expect(await englishRuns(form(page))).toEqual([]);
  await expectAxeClean(page);

  await page.getByLabel('要合成的文本').fill('你好，世界。今天天气很好。');
  await page.getByRole('combobox', { name: '目标语言' }).selectOption({ label: '中文（普通话）（zh）' });
  await page.getByLabel('音色名称').fill('cmn');
  await page.getByRole('radio', { name: /^WAV/ }).check();
  await page.getByRole('button', { name: '合成' }).click();

  await expect(result(page).locator('audio')).toHaveAttribute('aria-label', '合成的语音');
  await expect
    .poll(
      () =>
        result(page)
          .locator('audio')
          .evaluate((a: HTMLAudioElement) => a.duration),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await expect(result(page)).toContainText(/是，在此浏览器中占 [\d.]+ kB/);
  await expect(result(page).getByRole('img', { name: /^波形，时长 0:0\d\.\d$/ })).toBeVisible();
  await expect(result(page).getByRole('region', { name: /^片段（\d+）$/ })).toBeVisible();
  await expect(result(page).getByRole('link', { name: '下载 .wav' })).toBeVisible();
  await expect(history(page)).toContainText('1 条录音');
  const take = history(page).getByRole('listitem');
  await expect(take).toContainText('语速 1');
  await expect(take.getByRole('button', { name: /^重放 .+ 的录音$/ })).toBeVisible();
  await expect(take.locator('time')).toHaveText(/^(现在|\d+秒钟前)$/);

  for (const region of [form(page), result(page), history(page)]) expect(await englishRuns(region)).toEqual([]);
  await expectAxeClean(page);

  await result(page).getByText('cURL 形式的请求').click();
  await result(page).getByRole('button', { name: '复制为 cURL' }).click();
  await expect(
    result(page)
      .getByRole('status')
      .filter({ hasText: /已复制|浏览器拒绝访问剪贴板/ }),
  ).toBeVisible();
  await expect(result(page).getByLabel('cURL 命令')).toContainText('curl');
});

test('a speech error in Chinese: not enough points (10091), with its advice, axe-clean', async ({ browser, request }) => {
  const userId = uniqueUserId();
  expect((await request.put(`/api/_emulator/users/${userId}`, { data: { points: 0 } })).ok()).toBe(true);
  const page = await openStudio(browser, userId);
  await page.getByLabel('要合成的文本').fill('没有积分了。');
  await page.getByLabel('音色名称').fill('cmn');
  await page.getByRole('button', { name: '合成' }).click();

  const alert = page.getByRole('alert').filter({ hasText: `用户 ${userId} 的积分不足` });
  await expect(alert).toContainText('代码 10091');
  await expect(alert).toBeInViewport();
  await expect(result(page)).toContainText('网关按每次语音合成扣除积分');
  await expect(result(page)).toContainText('这次尝试没有扣除积分');
  await expect(history(page)).toContainText('0 条录音');
  // `.alert-next` is the shared error wording of src/i18n/describe-error*.ts, converted apart from the speech page (issue 27).
  expect(await englishRuns(result(page), ['.alert-next'])).toEqual([]);
  await expectAxeClean(page);
});
