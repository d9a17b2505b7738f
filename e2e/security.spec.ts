import { expect, test, type Page } from '@playwright/test';
import { useLocalGateway } from './connection-helpers';
import { expectPlays, fillAndSynthesize } from './speech-helpers';
import { createTasks, seedConsole, uniqueUserId } from './tasks-helpers';

type Watch = { violations: string[]; consoleErrors: string[]; pageErrors: string[]; urls: string[] };

/** CSP violations (as the page sees them), console errors, uncaught errors and every request URL. */
async function watchPage(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [], consoleErrors: [], pageErrors: [], urls: [] };
  await page.exposeFunction('reportCspViolation', (v: string) => void watch.violations.push(v));
  await page.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation;
    document.addEventListener('securitypolicyviolation', (e) =>
      report(`${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  page.on('console', (m) => {
    if (m.type() === 'error') watch.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => watch.pageErrors.push(e.message));
  page.on('request', (r) => watch.urls.push(r.url()));
  return watch;
}

async function expectStrictCsp(page: Page, path: string) {
  const response = await page.goto(path);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp, `${path} is served without the production CSP (a stale server on this port?)`).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
}

function expectClean(watch: Watch) {
  expect(watch.violations, 'CSP violations').toEqual([]);
  expect(watch.consoleErrors, 'console errors').toEqual([]);
  expect(watch.pageErrors, 'uncaught errors').toEqual([]);
  expect(
    watch.urls.filter((u) => /dev-token|token=|authorization/i.test(u)),
    'token in a URL',
  ).toEqual([]);
}

test('the dashboard with live, finished and failed tasks renders under the CSP with no errors, polling from its status worker', async ({
  page,
  request,
}) => {
  const user = uniqueUserId();
  // Live for 20 s, running from 3 s on, so their progress moves with each poll cycle while the test looks.
  const ids = [...(await createTasks(request, user, 5, 20_000)), ...(await createTasks(request, user, 5, 500, 'mixed'))];
  await seedConsole(page, user);
  const watch = await watchPage(page);
  await expectStrictCsp(page, `/tasks?ids=${ids.join(',')}`);
  const live = page.getByRole('progressbar', { name: `Progress of ${ids[0]}` });
  await expect(live).toHaveAttribute('aria-valuenow', /^\d+$/, { timeout: 15_000 });
  await expect(page.getByText(/of 10 finished/)).toBeVisible();
  // One more poll cycle from the shared worker (whose requests Playwright does not see): a live task's progress moves on.
  const shown = Number(await live.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await live.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(shown);
  expectClean(watch);
  // worker-src 'self' lets it load: the status requests ran in the shared worker (no dedicated one, no page fallback).
  // Playwright lists only dedicated workers; the browser's targets name the shared one.
  expect(page.workers()).toEqual([]);
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const shared = targetInfos.filter((t) => t.type === 'shared_worker').map((t) => new URL(t.url).pathname);
  expect(shared).toContainEqual(expect.stringMatching(/^\/assets\/task-status\.worker-.*\.js$/));
});

test('the speech studio synthesizes and plays audio under the CSP with no errors', async ({ page }) => {
  test.setTimeout(60_000);
  await seedConsole(page, uniqueUserId());
  const watch = await watchPage(page);
  await expectStrictCsp(page, '/speech');
  await expect(page.getByRole('heading', { name: 'Speech studio' })).toBeVisible();
  await fillAndSynthesize(page, { text: 'Content security policy check. Second sentence.' });
  await expectPlays(page);
  expectClean(watch);
});

test('settings: a connection check under the CSP with no errors', async ({ page }) => {
  const watch = await watchPage(page);
  await expectStrictCsp(page, '/settings');
  await useLocalGateway(page);
  expectClean(watch);
});

test('an injected inline script does not run and is reported as a violation', async ({ page }) => {
  await seedConsole(page, uniqueUserId());
  const watch = await watchPage(page);
  await expectStrictCsp(page, '/tasks');
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { injected?: boolean };
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    // An allowed inline script runs as it is appended, so the check after append() is enough for it.
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.injected = true');
    // Listeners run in the order they were added: once this one runs, the onerror attribute's had its turn.
    const failed = new Promise((r) => img.addEventListener('error', r, { once: true }));
    img.setAttribute('src', 'x:');
    document.body.append(img);
    await failed;
    return w.injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => watch.violations.filter((v) => v.startsWith('script-src')).length).toBeGreaterThanOrEqual(2);
});
