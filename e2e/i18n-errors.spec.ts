import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { indicatorState, seedGatewayProfile } from './connection-helpers';
import { expectAxeClean } from './axe';

// An error's advice and the header's states in a zh-CN browser (issue 27): Chinese words, the
// advice in role="alert", axe clean. What may stay English: URLs, codes, parameter names, the
// product name, and the messages of the gateway and the browser themselves (quoted as they came).

/** Runs of three or more English words, once the text the console passes through unchanged is removed. */
function englishSentences(text: string, passedThrough: readonly string[] = []): string[] {
  let rest = text.replace(/https?:\/\/\S+/g, ' ');
  for (const quoted of passedThrough) rest = rest.split(quoted).join(' ');
  return rest.match(/[A-Za-z][a-z']+(?:[ ,]+[A-Za-z][a-z']+){2,}/g) ?? [];
}

async function openInChinese(browser: Browser): Promise<Page> {
  // `locale` sets navigator.languages in Chromium; axe needs a page of a context made here.
  return (await browser.newContext({ locale: 'zh-CN' })).newPage();
}

const text = (region: Locator) => region.evaluate((el) => (el as HTMLElement).innerText);

test('a rejected token: the advice in Chinese in an alert, the header in Chinese, axe-clean', async ({ browser }) => {
  const page = await openInChinese(browser);
  await page.goto('/settings');
  await page.getByRole('button', { name: '使用本地网关' }).click();
  await expect(indicatorState(page)).toHaveText('可连接');
  await expect(indicatorState(page)).toHaveAttribute('title', /令牌尚未验证/);

  await page.getByLabel('令牌', { exact: true }).fill('wrong-token-e2e');
  await page.getByRole('button', { name: '测试连接' }).click();
  const alert = page.getByRole('alert').filter({ hasText: '令牌被拒绝' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('代码 401');
  await expect(alert).toContainText('网关消息：Unauthorized');
  await expect(alert).toContainText('网关拒绝了该令牌：请在“设置”中检查令牌');
  // The gateway's own message is quoted as it came; everything else is Chinese.
  const said = await text(alert);
  const gatewayMessage = /网关消息：(.*)/.exec(said)?.[1] ?? '';
  expect(gatewayMessage).toMatch(/^Unauthorized/);
  expect(englishSentences(said, [gatewayMessage])).toEqual([]);
  expect(englishSentences(await text(page.getByRole('main')), [gatewayMessage])).toEqual([]);
  expect(englishSentences(await text(page.getByRole('banner')))).toEqual([]);
  await expectAxeClean(page);
});

test('an unreachable gateway: the header fails in Chinese, and the CORS advice shows in Chinese in an alert', async ({ browser }) => {
  const page = await openInChinese(browser);
  // Nothing listens on port 9 of this machine: another origin, refused at once.
  const gatewayUrl = 'http://127.0.0.1:9/api';
  await seedGatewayProfile(page, gatewayUrl, { id: 'gone', name: 'Gone' });
  await page.goto('/settings');
  const state = indicatorState(page);
  await expect(state).toContainText('连接失败：无法连接网关（CORS 或网络问题）');
  await expect(state).toHaveAttribute('title', /^无法连接 http:\/\/127\.0\.0\.1:9\/api\/.*（.+） — 网关位于另一个源/);
  // The browser's own reason ("Failed to fetch") is quoted inside the parentheses, as it came.
  const why = (await state.getAttribute('title')) ?? '';
  const browserReason = /（(.+?)）/.exec(why)?.[1] ?? '';
  expect(englishSentences(why, [browserReason])).toEqual([]);
  expect(englishSentences(await text(page.getByRole('banner')))).toEqual([]);

  await page.getByRole('button', { name: '测试连接' }).click();
  const alert = page.getByRole('alert').filter({ hasText: '无法连接网关（CORS 或网络问题）' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(`无法连接 ${gatewayUrl}/`);
  await expect(alert).toContainText('请在本服务器上设置 GATEWAY_URL，并把网关 URL 设为 /api，以避开 CORS。');
  expect(englishSentences(await text(alert), [browserReason])).toEqual([]);
  expect(englishSentences(await text(page.getByRole('main')), [browserReason])).toEqual([]);
  await expectAxeClean(page);

  // A switch to English rewords the open alert and the header without a reload.
  await page.getByRole('main').getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' });
  await expect(page.getByRole('alert').filter({ hasText: 'Gateway unreachable (CORS or network)' })).toContainText(
    `Could not reach ${gatewayUrl}/`,
  );
  await expect(state).toContainText('Failing: Gateway unreachable (CORS or network)');
});
