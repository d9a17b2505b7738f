import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStubDist } from '../testing/crash-safety/real-server';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server';

const METRICS_TOKEN = 'real-server-scrape-token-42';
const PROMTOOL = '/usr/bin/promtool';

/** A port nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

describe('probes, metrics and the access log of the real server (server/start.ts)', () => {
  let work: string;
  let dist: string;
  let embedded: SpawnedServer;
  const started: SpawnedServer[] = [];

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'probes-'));
    dist = await makeStubDist(join(work, 'dist'));
    // No synthesis here: the stand-in spares each embedded server compiling the real engine.
    embedded = await spawnServer({
      DATA_DIR: join(work, 'data'),
      DIST_DIR: dist,
      METRICS_TOKEN,
      ACCESS_LOG: 'json',
      SPEECH_ENGINE: 'stand-in',
    });
    started.push(embedded);
  }, 30_000);
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await rm(work, { recursive: true, force: true });
  });

  it('embedded: alive, ready, /metrics behind its token, one access log line per request', async () => {
    expect(await (await fetch(`${embedded.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${embedded.url}/readyz`, { headers: { 'X-Request-Id': 'probe-1' } });
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    expect((await fetch(`${embedded.url}/metrics`)).status).toBe(401);
    const scrape = await fetch(`${embedded.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(/^console_build_info\{version="[^"]+",mode="embedded"\} 1$/m);
    expect(text).toMatch(/^console_ready 1$/m);
    expect(text).toContain('http_route="/readyz"');
    await expect
      .poll(() => embedded.output())
      .toMatch(/^\{"time":"[^"]+","method":"GET","route":"\/readyz","status":200,.*"requestId":"probe-1"\}$/m);
    expect(embedded.output()).not.toContain(METRICS_TOKEN);
    if (existsSync(PROMTOOL)) {
      const checked = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
      // Exit 0 only: 1 is a text that does not parse, 3 a lint problem (a gauge named *_total was one).
      expect(`${checked.stdout}${checked.stderr}`.trim()).toBe('');
      expect(checked.status).toBe(0);
    }
  }, 30_000);

  it('without METRICS_TOKEN there is no /metrics', async () => {
    const plain = await spawnServer({ DATA_DIR: join(work, 'data-plain'), DIST_DIR: dist, SPEECH_ENGINE: 'stand-in' });
    started.push(plain);
    const res = await fetch(`${plain.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<');
  }, 30_000);

  it('proxy mode: ready while the gateway answers, 503 with the reason when it is unreachable', async () => {
    const proxy = await spawnServer({ DIST_DIR: dist, GATEWAY_URL: `${embedded.url}/api` });
    started.push(proxy);
    expect(await (await fetch(`${proxy.url}/readyz`)).json()).toEqual({ status: 'ready' });

    const port = await closedPort();
    const orphan = await spawnServer({ DIST_DIR: dist, GATEWAY_URL: `http://127.0.0.1:${port}/api` });
    started.push(orphan);
    const res = await fetch(`${orphan.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', reason: 'the gateway is unreachable' });
    expect((await fetch(`${orphan.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
