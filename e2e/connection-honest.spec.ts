import { expect, test, type Page } from '@playwright/test';
import { operations } from '#contract';
import { consoleInfo, indicatorState, seedGatewayProfile, useLocalGateway } from './connection-helpers';
import { startStrictGateway, type StrictGateway } from './strict-gateway';
import { fillAndSynthesize } from './speech-helpers';
import { createTasks, pasteIds } from './tasks-helpers';
import { STAND_IN_ENGINE } from './speech-engine';

// What the header claims after a synthesis: the stand-in engine answers it (docs/performance.md).
test.use(STAND_IN_ENGINE);

/** Every speech request the page itself sends (the connection check runs on the page, not in the status worker). */
function recordSpeechRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(operations.textToSpeech.path)) seen.push(r.postData() ?? '');
  });
  return seen;
}

test.describe('the header and "Test connection" claim only what they checked', () => {
  let gateway: StrictGateway;
  test.beforeAll(async () => {
    gateway = await startStrictGateway();
  });
  test.afterAll(async () => gateway.close());

  test('no page load sends a speech request; the header says "Reachable", not OK, until a synthesis', async ({ page }) => {
    await useLocalGateway(page);
    const speech = recordSpeechRequests(page);
    for (const path of ['/tasks', '/speech', '/settings']) {
      await page.goto(path);
      await expect(indicatorState(page)).toHaveText('Reachable');
      await expect(indicatorState(page)).toHaveAttribute('title', /Token not checked yet/);
    }
    expect(speech).toEqual([]);
  });

  test('a strict spec-valid gateway (422 for an invalid body) is not turned red by a page load', async ({ page }) => {
    await seedGatewayProfile(page, gateway.origin, { id: 'strict', name: 'Strict' });
    const speech = recordSpeechRequests(page);
    await page.goto('/tasks');
    await expect(indicatorState(page)).toHaveText('Reachable');
    await page.reload();
    await expect(indicatorState(page)).toHaveText('Reachable');
    expect(speech).toEqual([]);
    expect(gateway.received.length).toBeGreaterThan(0);
    expect(gateway.received.filter((r) => !r.valid)).toEqual([]);

    // "Test connection" sends only valid status queries and says the token could not be checked here.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByRole('status').filter({ hasText: /^Reachable:/ });
    await expect(result).toContainText(`${gateway.origin} answered a status query for user 4242.`);
    await expect(result).toContainText('Token: not checked — this gateway answers status queries without a token');
    await expect(indicatorState(page)).toHaveText('Reachable');
    expect(speech).toEqual([]);
    expect(gateway.received.filter((r) => !r.valid)).toEqual([]);
    expect(gateway.received.filter((r) => r.path === operations.textToSpeech.path)).toEqual([]);
  });

  test('a session-only token gone after a browser restart: the header says "No token", never OK, even as polls succeed', async ({
    page,
    request,
  }) => {
    const { defaultUserId } = await consoleInfo(request);
    const [taskId] = await createTasks(request, defaultUserId, 1, 60_000, 'finished');
    await useLocalGateway(page);
    await page.getByLabel('Remember on this device').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('Remember on this device')).not.toBeChecked();
    // What a browser restart does to a session-only token: the profile keeps gateway URL and user ID, the token is gone.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/tasks');
    await pasteIds(page, taskId!);
    await expect(page.getByRole('row', { name: new RegExp(taskId!) })).toContainText(/Running|Queued|Created/);
    await expect(indicatorState(page)).toContainText(/^No token\. .*speech synthesis needs one/);
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(taskId!) })).toContainText(/Running|Queued|Created/);
    await expect(indicatorState(page)).toContainText(/^No token/);
    await expect(indicatorState(page)).not.toHaveText('OK');
  });

  test('on channel 100 Settings says App source is not sent and a synthesis goes without it; the answered synthesis makes the header OK', async ({
    page,
  }) => {
    await useLocalGateway(page);
    const appSource = page.getByLabel('App source');
    await appSource.fill('console-e2e');
    await expect(appSource).toHaveAccessibleDescription(/Used by speech synthesis only when Channel is not 100/);
    await page.getByLabel('Channel').fill('100');
    await expect(appSource).toHaveAccessibleDescription(/Not sent: on channel 100 the gateway ignores X-App-Source/);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(indicatorState(page)).toHaveText('Reachable');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Speech' }).click();
    const sent = page.waitForRequest((r) => r.url().endsWith(operations.textToSpeech.path));
    await fillAndSynthesize(page, { text: 'Channel one hundred.' });
    const headers = (await sent).headers();
    expect(headers['x-channel']).toBe('100');
    expect(headers).not.toHaveProperty('x-app-source');
    await expect(indicatorState(page)).toHaveText('OK');
    await expect(indicatorState(page)).toHaveAttribute('title', /a synthesis accepted the token/);
  });

  test('"Test connection" on a gateway that needs a token for status: accepted for status queries, and no more', async ({ page }) => {
    await useLocalGateway(page);
    // Like STATUS_AUTH=required: a status query without a token is refused.
    await page.route('**/textRemoval/taskStatus', (route) =>
      route.request().headers()['authorization']
        ? route.continue()
        : route.fulfill({ status: 401, json: { code: 401, message: 'Unauthorized', data: null } }),
    );
    const speech = recordSpeechRequests(page);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByRole('status').filter({ hasText: /^Reachable:/ });
    await expect(result).toContainText(
      'Token: accepted for status queries — the gateway refused the same query without a token and answered it with yours. Your first synthesis checks it for speech.',
    );
    await expect(indicatorState(page)).toHaveText('Reachable');
    expect(speech).toEqual([]);
  });
});
