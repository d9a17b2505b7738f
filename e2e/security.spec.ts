import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { seedProfileScript } from '../scripts/lib/seed-profile';
import { useLocalGateway } from './connection-helpers';
import { expectPlays, fillAndSynthesize } from './speech-helpers';
import { createTasks, pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';
import { STAND_IN_ENGINE } from './speech-engine';

// The CSP and Trusted Types while a take is made and played: the stand-in engine's audio (docs/performance.md).
test.use(STAND_IN_ENGINE);

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
  expect(csp).toContain("require-trusted-types-for 'script'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect(response?.headers()['cross-origin-resource-policy']).toBe('same-origin');
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

test('an injected script does not run: every script sink refuses a plain string, and each is reported', async ({ page }) => {
  await seedConsole(page, uniqueUserId());
  const watch = await watchPage(page);
  await expectStrictCsp(page, '/tasks');
  const { ran, refused } = await page.evaluate(async () => {
    const w = window as unknown as { injected?: boolean };
    const refused: string[] = [];
    const attempt = (what: string, sink: () => void) => {
      try {
        sink();
      } catch (e) {
        if (e instanceof TypeError) refused.push(what);
      }
    };
    // Trusted Types: the DOM's script sinks take no plain string (no policy of the console makes markup or script).
    const script = document.createElement('script');
    attempt('script text', () => (script.textContent = 'window.injected = true'));
    attempt('innerHTML', () => (document.createElement('div').innerHTML = '<img src=x: onerror="window.injected = true">'));
    attempt('script src', () => (document.createElement('script').src = 'data:text/javascript,window.injected=true'));
    // Script text put in without a sink is still refused when the script would run (script-src has no inline either).
    script.append(document.createTextNode('window.injected = true'));
    document.body.append(script);
    // An allowed inline script runs as it is appended, so the check after append() is enough for it.
    const img = document.createElement('img');
    attempt('onerror attribute', () => img.setAttribute('onerror', 'window.injected = true'));
    // Listeners run in the order they were added: once this one runs, the onerror attribute's had its turn.
    const failed = new Promise((r) => img.addEventListener('error', r, { once: true }));
    img.setAttribute('src', 'x:');
    document.body.append(img);
    await failed;
    return { ran: w.injected === true, refused };
  });
  expect(ran).toBe(false);
  expect(refused).toEqual(['script text', 'innerHTML', 'script src', 'onerror attribute']);
  // The four sinks above and the script given its text by a text node, each reported.
  await expect.poll(() => watch.violations.filter((v) => v.startsWith('require-trusted-types-for')).length).toBe(5);
});

test('Trusted Types: every page and its workers run with no violation, from a watched task to a script zip', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = uniqueUserId();
  // Loudness matching on: the script's takes go through the loudness worker too.
  await page.addInitScript(
    seedProfileScript(user, { 'console.tasks.settings': { intervalMs: 2_000 }, 'console.speech.loudness': 'voiceOver' }),
  );
  const watch = await watchPage(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  // Tasks: live ones whose progress only a poll from the status worker can move, a finished one to open.
  const live = await createTasks(request, user, 3, 20_000);
  const [done] = await createTasks(request, user, 1, 500);
  await expectStrictCsp(page, '/tasks');
  await pasteIds(page, [...live, done!].join('\n'));
  const progress = page.getByRole('progressbar', { name: `Progress of ${live[0]}` });
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/, { timeout: 15_000 });
  const shown = Number(await progress.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(shown);
  // The poll ran in the shared worker, not in the page's fallback for a worker that could not start.
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.filter((t) => t.type === 'shared_worker').map((t) => new URL(t.url).pathname)).toContainEqual(
    expect.stringMatching(/^\/assets\/task-status\.worker-.*\.js$/),
  );
  await expect(page.getByRole('img', { name: /^Tasks by status over time/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Finished and failed per minute/ })).toBeVisible();
  await page.getByRole('button', { name: done!, exact: true }).click();
  const details = page.getByRole('dialog', { name: done! });
  await expect(details.getByRole('img', { name: /^Progress over time/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // The command palette takes the operator to Settings, where a connection check runs.
  await page.keyboard.press('Control+K');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('Go to Settings');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('button', { name: 'Use the local gateway' }).click();
  await expect(page.getByText('Reachable').first()).toBeVisible();

  // Speech: a take synthesized, playing, its waveform drawn.
  await page.goto('/speech');
  await fillAndSynthesize(page, { text: 'Trusted types check. Second sentence.' });
  await expectPlays(page);
  await expect(page.getByRole('img', { name: /^Waveform, / })).toBeVisible();

  // Script: two lines made into takes (loudness worker), then one zip (zip worker).
  await page.getByRole('tab', { name: 'Script' }).click();
  const csv = 'text,voice\nFirst line.,en-us\nSecond line.,en-us\n';
  await page.getByLabel('Import CSV or TSV').setInputFiles({ name: 'two.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Make 2 takes' }).click();
  const queue = page.getByRole('region', { name: 'Queue' });
  await expect(queue.getByRole('status').first()).toContainText('2 of 2 (0 failed)', { timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await queue.getByRole('button', { name: 'Download all (zip)' }).click();
  await expect(queue.getByText('The zip is ready: 2 files of audio.')).toBeVisible();
  const zip = unzipSync(readFileSync(await (await downloading).path()));
  expect(Object.keys(zip).filter((name) => name.endsWith('.wav'))).toHaveLength(2);
  // Both ran in workers of their own (the loudness one measures each take as it is made).
  expect(workers).toContainEqual(expect.stringMatching(/^\/assets\/zip\.worker-.*\.js$/));
  expect(workers).toContainEqual(expect.stringMatching(/^\/assets\/loudness\.worker-.*\.js$/));

  expectClean(watch);
});
