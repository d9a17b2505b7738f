import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from './gateway/app';
import { makeTestGateway, type TestGateway } from './testing/test-gateway';
import { embeddedInfo, proxyInfo } from './console-info';
import { createServerApp } from './server-app';
import { createGatewayProxy } from './proxy/gateway-proxy';

const INDEX = '<!doctype html><title>Service AI Console</title>';

async function makeDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'console-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dist, 'favicon.svg'), '<svg/>');
  return dist;
}

describe('production server app (embedded)', () => {
  let gateway: TestGateway;
  let app: ReturnType<typeof createServerApp>;

  beforeAll(async () => {
    gateway = await makeTestGateway();
    app = createServerApp({ api: createGatewayApp(gateway.deps), info: embeddedInfo(['dev-token', 'b']), distDir: await makeDist() });
  });
  afterAll(() => gateway.deps.close());

  it('serves index.html at / without caching it', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('answers a Range request for a console file with the whole file (serveStatic gets ranges wrong)', async () => {
    for (const range of ['bytes=-5', 'bytes=0-0', 'bytes=999999-', 'bytes=5-2']) {
      const res = await app.request('/assets/index-abc123.js', { headers: { Range: range } });
      expect([res.status, res.headers.get('content-range'), await res.text()], range).toEqual([200, null, 'console.log(1)']);
    }
  });

  it('falls back to index.html for unknown console paths', async () => {
    for (const path of ['/tasks', '/speech/history?x=1', '/deep/link/here']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('answers a missing hashed asset with 404, not the SPA shell', async () => {
    const res = await app.request('/assets/index-old999.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('does not serve files outside the build', async () => {
    const res = await app.request('/%2e%2e/%2e%2e/etc/passwd');
    expect(await res.text()).toBe(INDEX);
  });

  it('answers unknown /api paths with the JSON envelope, never index.html', async () => {
    const res = await app.request('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, data: null });
  });

  it('routes /api to the gateway', async () => {
    const res = await app.request('/api/textRemoval/taskStatus', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ taskId: 'Service_AI_x' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 2000, data: null });
  });

  it('tells the console it runs on the embedded gateway, with the first dev token', async () => {
    const res = await app.request('/api/_console/info');
    expect(await res.json()).toEqual({
      code: 0,
      message: 'OK',
      data: { mode: 'embedded', emulator: true, defaultToken: 'dev-token', defaultUserId: '10001' },
    });
  });
});

describe('production server app (proxy)', () => {
  it('never exposes a token in /api/_console/info', async () => {
    const api = createGatewayProxy({ gatewayUrl: 'http://127.0.0.1:9/api' });
    const app = createServerApp({ api, info: proxyInfo() });
    const res = await app.request('/api/_console/info');
    const body = (await res.json()) as { data: Record<string, unknown> };
    expect(body.data).toEqual({ mode: 'proxy', emulator: false, defaultUserId: '10001' });
    expect(JSON.stringify(body)).not.toMatch(/token/i);
  });
});
