import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { startNginx, type Balancer } from './nginx-balancer';
import { freePort, startServer } from './proxy-server';
import { STAND_IN_ENV } from './speech-engine';
import { expectPlays, fillAndSynthesize, storedTakes } from './speech-helpers';
import { createTasks, endTasks, pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';
import { indicatorState } from './connection-helpers';

/**
 * Scale-out with real parts: one embedded gateway, two console servers in proxy mode sharing
 * CONSOLE_SECRET, and Debian's nginx round-robin in front of them. The operator's journey goes
 * through nginx; one console server is stopped (SIGTERM, by PID) half-way, and the journey goes on
 * without an error the operator sees.
 */
const SECRET = 'scale-out-test-secret-0123456789abcdef';
let gateway: ChildProcess;
const consoles: { port: number; child: ChildProcess }[] = [];
let balancer: Balancer;
let gatewayOrigin = '';
let front = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [gatewayPort, a, b, frontPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  gatewayOrigin = `http://127.0.0.1:${gatewayPort}`;
  front = `http://127.0.0.1:${frontPort}`;
  // The journey through nginx is the subject: the gateway speaks with the stand-in engine (docs/performance.md).
  gateway = await startServer(gatewayPort, { GATEWAY_URL: '', ...STAND_IN_ENV });
  for (const port of [a, b]) {
    const child = await startServer(port, { GATEWAY_URL: `${gatewayOrigin}/api`, CONSOLE_SECRET: SECRET, SHUTDOWN_GRACE_SECONDS: '5' });
    consoles.push({ port, child });
  }
  balancer = await startNginx(frontPort, [a, b]);
});

test.afterAll(() => {
  balancer?.stop();
  for (const { child } of consoles) child.kill('SIGTERM');
  gateway?.kill('SIGTERM');
});

/** Access-log lines of /api requests answered by one instance (a retried request names two). */
const servedBy = (lines: string[], port: number) => lines.filter((l) => l.split(' ')[0] === `127.0.0.1:${port}` && / \/api\//.test(l));

test('two console servers behind nginx: watch, synthesize, relay, reload and replay, with one stopped mid-journey', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = uniqueUserId();
  // Live through the journey; the emulator ends them before the last step.
  const ids = await createTasks(request, user, 3, 600_000, 'finished', gatewayOrigin);
  const relayed: { url: string; status: number }[] = [];
  page.on('response', (r) => void (r.url().includes('/api/_console/audio?') && relayed.push({ url: r.url(), status: r.status() })));
  await seedConsole(page, user);

  // Connect and watch tasks.
  await page.goto(`${front}/tasks`);
  await expect(indicatorState(page)).toHaveText('Reachable');
  await pasteIds(page, ids.join('\n'));
  await expect(page.getByRole('progressbar', { name: /^Progress of / })).toHaveCount(3);

  // Two takes, each played and drawn from audio read through the relay.
  await page.goto(`${front}/speech`);
  const result = page.getByRole('region', { name: 'Result' });
  const history = page.getByRole('region', { name: 'History' });
  const takes = ['First take across two console servers.', 'Second take, maybe through the other one.'];
  for (const text of takes) {
    await fillAndSynthesize(page, { text });
    await expect(result.getByText(/^Yes, .* in this browser$/)).toBeVisible({ timeout: 30_000 });
    await expect(result.getByRole('img', { name: /^Waveform, / })).toBeVisible();
    await expect(history.getByText(text)).toBeVisible();
  }
  await expectPlays(page);
  expect(relayed.map((r) => r.status)).toEqual([200, 200]);

  // Requests alternate: both instances answered /api requests (nginx's log names the upstream).
  const before = balancer.accessLog();
  const [a, b] = consoles;
  expect(servedBy(before, a!.port).length).toBeGreaterThanOrEqual(2);
  expect(servedBy(before, b!.port).length).toBeGreaterThanOrEqual(2);
  // Either instance serves the first take's ticket, whichever made it.
  const firstRelay = new URL(relayed[0]!.url);
  for (const { port } of consoles) {
    expect((await request.get(`http://127.0.0.1:${port}${firstRelay.pathname}${firstRelay.search}`)).status()).toBe(200);
  }

  // Stop one instance (SIGTERM by PID, as an orchestrator does) and go on.
  const stopped = consoles[0]!;
  const exited = new Promise<number | null>((r) => stopped.child.once('exit', (code) => r(code)));
  process.kill(stopped.child.pid!, 'SIGTERM');
  expect(await exited).toBe(0);
  // From here on only the other instance can answer. Counted from its exit, not from `before`: the page's polls through
  // nginx meanwhile (during the direct relay reads above, or drained by this one) may reach it, and did under load.
  const atStop = balancer.accessLog().length;

  const third = 'Third take, after one console server stopped.';
  await fillAndSynthesize(page, { text: third });
  await expect(result.getByText(/^Yes, .* in this browser$/)).toBeVisible({ timeout: 30_000 });
  await expect(result.getByRole('img', { name: /^Waveform, / })).toBeVisible();

  // Reload and replay the oldest take: from history, its audio kept in this browser.
  await expect(history.getByText(third)).toBeVisible();
  await expect.poll(() => storedTakes(page)).toBe(3);
  await page.reload();
  await expect(history.getByText(third)).toBeVisible();
  await history.getByRole('searchbox', { name: 'Search takes by text' }).fill('First take');
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await history.getByRole('button', { name: /^Replay take/ }).click();
  await expect(result).toContainText(takes[0]!);
  await expect(result.getByRole('img', { name: /^Waveform, / })).toBeVisible();
  await expectPlays(page);

  // The watched tasks finish, polled through the instance left.
  expect(await endTasks(request, user, ids, gatewayOrigin)).toEqual(ids);
  await page.goto(`${front}/tasks`);
  for (const id of ids) await expect(page.getByRole('link', { name: `Download video of ${id}` })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);

  // No operator-visible failure anywhere: every relay read 200, and nginx passed on no 5xx.
  expect(relayed.map((r) => r.status)).toEqual([200, 200, 200]);
  const after = balancer.accessLog();
  expect(after.filter((l) => / 5\d\d$/.test(l))).toEqual([]);
  // After the stop, the other instance answered everything that reached an instance.
  const later = after.slice(atStop).filter((l) => / \/api\//.test(l));
  expect(later.length).toBeGreaterThan(0);
  expect(later.every((l) => l.split(' ')[0]!.endsWith(`:${consoles[1]!.port}`) || l.includes(','))).toBe(true);
});
