import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { listenOnLoopback } from '../src/testing/hostile-gateway/listen-on-loopback';
import { freePort, startServer } from './proxy-server';

/**
 * Issue 39: in proxy mode, what the console's own server says about a gateway it could not use is
 * the console's, in the operator's language and labelled as the console's server's, never quoted
 * as the gateway's message; the advice fits the case (an HTML 502 page was answered, a reset was
 * not). The default profile and the page's description are in the language of the visit.
 */
test.describe.configure({ mode: 'default' });

/** What the gateway does with a status query: answer an HTML 502 page, or break the connection. */
let mode: 'html' | 'reset' = 'html';
let gateway: { origin: string; close: () => Promise<void> };
let consoleServer: ChildProcess | undefined;
let consoleOrigin = '';

test.beforeAll(async () => {
  test.setTimeout(60_000);
  gateway = await listenOnLoopback(
    createServer((req, res) => {
      if (mode === 'reset') return void req.socket.destroy();
      req.resume().on('end', () => {
        res.writeHead(502, { 'Content-Type': 'text/html; charset=utf-8' }).end('<h1>502 Bad Gateway</h1>');
      });
    }),
  );
  const port = await freePort();
  consoleOrigin = `http://127.0.0.1:${port}`;
  consoleServer = await startServer(port, { GATEWAY_URL: `${gateway.origin}/api` });
});

test.afterAll(async () => {
  consoleServer?.kill('SIGTERM');
  await gateway.close();
});

test("the proxy's own failures in Chinese, then English: the console's server's words, advice that fits", async ({ browser }) => {
  mode = 'html';
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${consoleOrigin}/settings`);
  // A first visit in Chinese: the default profile and the page's description are Chinese.
  await expect(page.getByRole('radio', { name: '本地' })).toBeChecked();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Service AI 网关的运维控制台/);

  await page.getByLabel('用户 ID', { exact: true }).fill('4242');
  await page.getByRole('button', { name: '测试连接' }).click();
  const answered = page.getByRole('alert').filter({ hasText: '网关有应答，但不是接口的 JSON' });
  await expect(answered).toContainText('控制台服务器：网关以 text/html; charset=utf-8 应答了 HTTP 502，而不是 JSON');
  await expect(answered).toContainText('GATEWAY_URL');
  await expect(answered).not.toContainText(/网关消息|无法连接|Gateway unreachable|answered/);

  mode = 'reset';
  await page.getByRole('button', { name: '测试连接' }).click();
  const reset = page.getByRole('alert').filter({ hasText: '控制台服务器无法连接网关' });
  await expect(reset).toContainText('控制台服务器：控制台服务器到网关的连接失败（ECONNRESET socket hang up）。');
  await expect(reset).not.toContainText(/网关消息|Gateway unreachable/);

  // A switch to English rewords the open alert and the description; the profile keeps its first visit's name.
  await page.getByRole('main').getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' });
  const english = page.getByRole('alert').filter({ hasText: 'The console’s server could not reach the gateway' });
  await expect(english).toContainText(
    'Console’s server: The connection from the console’s server to the gateway failed (ECONNRESET socket hang up).',
  );
  await expect(english).not.toContainText(/Gateway message|Gateway unreachable/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Operator console for the Service AI gateway/);
  await expect(page.getByRole('radio', { name: '本地' })).toBeChecked();
  await context.close();
});

test("a refusal before /api (headers over 16 KB) is the console's server's, with advice that fits, never markup", async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en' });
  const page = await context.newPage();
  await page.goto(`${consoleOrigin}/settings`);
  await page.getByLabel('User ID', { exact: true }).fill('4242');
  // A token no gateway issues: 17 KB of it make the request's headers larger than the server reads.
  await page.getByLabel('Token', { exact: true }).fill('t'.repeat(17_000));
  await page.getByRole('button', { name: 'Test connection' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The request’s headers are too large for the console’s server' });
  await expect(refused).toContainText(
    'Console’s server: The request’s line and headers are larger than 16 KB, the most the console’s server reads, so it refused the request.',
  );
  await expect(refused).toContainText('cookies');
  await expect(refused).not.toContainText(/Gateway message|Request Header Fields Too Large/);
  await context.close();
});
