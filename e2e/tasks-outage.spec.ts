import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { untilListening } from './proxy-server';
import { servedDist } from './served-dist';
import { serverNodeArgs } from './served-server';
import { createTasks, pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';

/** A port nobody listens on now; the gateway below comes back on the same one after its stop. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// A gateway of this test's own, so it can be stopped and started without touching the shared one.
const PORT = await freePort();
const origin = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tasks-outage-'));

async function startGateway(): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverNodeArgs(), {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: servedDist().dir,
      GATEWAY_URL: '',
      GATEWAY_TOKENS: 'dev-token',
      STATUS_AUTH: 'optional',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await untilListening(child);
  return child;
}

async function stopGateway(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

test('gateway stopped: stale banner with the last good data; restarted: recovers by itself', async ({ page, request }) => {
  test.setTimeout(90_000);
  let gateway = await startGateway();
  try {
    const user = uniqueUserId();
    const ids = await createTasks(request, user, 3, 40_000, 'finished', origin);
    await seedConsole(page, user);
    await page.goto(`${origin}/tasks`);
    await pasteIds(page, ids.join('\n'));
    const bar = page.getByRole('progressbar', { name: `Progress of ${ids[0]}` });
    await expect(bar).toBeVisible();

    await stopGateway(gateway);
    const banner = page.getByRole('alert').filter({ hasText: 'Status updates are failing — the table shows stale data' });
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(/Last good update .*failed attempts? in a row; next try in/)).toBeVisible();
    await expect(bar).toBeVisible();

    gateway = await startGateway();
    await expect(banner).toBeHidden({ timeout: 30_000 });
    const before = Number(await bar.getAttribute('aria-valuenow'));
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(before);
  } finally {
    await stopGateway(gateway);
  }
});
