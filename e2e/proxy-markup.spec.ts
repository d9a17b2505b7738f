import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { startMarkupGateway, type MarkupGateway } from './markup-gateway';
import { freePort, startServer } from './proxy-server';

/**
 * Proxy mode against a gateway that serves HTML and JavaScript: nothing it sends may run at the
 * console's origin, whether it comes through the audio relay (as a <script src> on a console page,
 * or opened as a page) or as the proxy's answer to a drive-by form another site posts.
 */
test.describe.configure({ mode: 'default' });

let gateway: MarkupGateway;
let consoleServer: ChildProcess | undefined;
let consoleOrigin = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  gateway = await startMarkupGateway();
  const port = await freePort();
  consoleOrigin = `http://127.0.0.1:${port}`;
  gateway.setConsoleOrigin(consoleOrigin);
  consoleServer = await startServer(port, { GATEWAY_URL: `${gateway.origin}/api` });
});

test.afterAll(async () => {
  consoleServer?.kill('SIGTERM');
  await gateway.close();
});

/**
 * A speech answer naming {gateway}/files/<file> passes through the proxy, so the relay serves that
 * URL: its relay URL, with the ticket the proxy added to the answer.
 */
async function speechAnswerNaming(file: string): Promise<string> {
  const res = await fetch(`${consoleOrigin}/api/speechSynthesis/textToSpeech`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-User-Id': '4242', Authorization: 'Bearer dev-token' },
    body: JSON.stringify({ sourceText: file, voiceName: 'en-us' }),
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { targetAudioUrl: string; consoleAudioTicket: { exp: number; sig: string } } };
  expect(data.targetAudioUrl).toBe(`${gateway.origin}/files/${file}`);
  const { exp, sig } = data.consoleAudioTicket;
  return `${gateway.relayUrl(consoleOrigin, file)}&exp=${exp}&sig=${encodeURIComponent(sig)}`;
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);

test("the relay's copy of a gateway's JavaScript does not run as a script on a console page", async ({ page, browser }) => {
  const relayUrl = await speechAnswerNaming('evil.js');
  // A script from the console's own path counts as 'self' under its CSP: what an injection would add.
  const inject = (src: string) =>
    new Promise<string>((resolve) => {
      const script = document.createElement('script');
      try {
        script.src = src;
      } catch (err) {
        resolve(err instanceof TypeError ? 'refused by Trusted Types' : String(err));
        return;
      }
      script.onload = () => resolve('ran');
      script.onerror = () => resolve('refused');
      document.head.append(script);
    });
  // First layer: the console's CSP requires Trusted Types for script, so the assignment itself fails.
  await page.goto(`${consoleOrigin}/`);
  expect(await page.evaluate(inject, relayUrl)).toBe('refused by Trusted Types');
  // Behind it, with the CSP out of the way (as if an injection got past it): the relay's bytes
  // are an attachment with nosniff, which no browser runs as a script.
  const bare = await browser.newContext({ bypassCSP: true });
  const unguarded = await bare.newPage();
  await unguarded.goto(`${consoleOrigin}/`);
  const outcome = await unguarded.evaluate(inject, relayUrl);
  expect(await pwned(unguarded)).toBeUndefined();
  await bare.close();
  expect(await pwned(page)).toBeUndefined();
  expect(outcome).toBe('refused');
  expect(gateway.collected).toBe(0);
  const relayed = await page.request.get(relayUrl);
  expect(relayed.status()).toBe(200);
  expect(relayed.headers()).toMatchObject({
    'content-type': 'application/octet-stream',
    'content-disposition': 'attachment',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
  });
});

test("the relay's copy of a gateway's HTML page is a download, not a page at the console's origin", async ({ page }) => {
  await speechAnswerNaming('evil.js');
  const relayUrl = await speechAnswerNaming('evil.html');
  await page.goto(`${consoleOrigin}/`);
  const download = page.waitForEvent('download', { timeout: 10_000 }).catch(() => null);
  await page.goto(relayUrl).catch(() => null);
  expect(await pwned(page)).toBeUndefined();
  expect(page.url()).not.toContain('/api/');
  expect(await download).not.toBeNull();
  expect(gateway.collected).toBe(0);
});

test("a drive-by form from another site gets the proxy's 502 envelope, not the gateway's HTML", async ({ page }) => {
  // The gateway's HTML would load the relayed evil.js, a 'self' script under the page CSP.
  await speechAnswerNaming('evil.js');
  const answer = page.waitForResponse(`${consoleOrigin}/api/textRemoval/taskStatus`);
  await page.goto(`${gateway.origin}/drive-by.html`);
  const res = await answer;
  await page.waitForURL(`${consoleOrigin}/api/textRemoval/taskStatus`);
  await page.waitForLoadState('load');
  expect(await pwned(page)).toBeUndefined();
  expect(await page.title()).not.toBe('pwned');
  // The check above ran in the document shown: the envelope, as text (evaluation works there).
  expect(await page.evaluate(() => document.body.textContent)).toContain('"code":502');
  expect(res.request().method()).toBe('POST');
  expect(res.status()).toBe(502);
  expect(res.headers()).toMatchObject({
    'content-type': 'application/json',
    'content-security-policy': "sandbox; default-src 'none'",
    'x-content-type-options': 'nosniff',
  });
  const envelope = (await res.json()) as { code: number; message: string; data: null };
  expect(envelope).toMatchObject({ code: 502, data: null });
  expect(envelope.message).toContain('content type text/html');
  expect(gateway.collected).toBe(0);
});
