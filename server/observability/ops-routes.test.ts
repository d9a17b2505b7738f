import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { embeddedInfo } from '../console-info';
import { API_CONTENT_SECURITY_POLICY } from '../security/security-headers';
import { createServerApp } from '../server-app';
import { createConsoleMetrics } from './console-metrics';
import { createReadiness } from './readiness';

const TOKEN = 'scrape-token-0123456789';

function makeApp(options: { reason?: string | null; token?: string } = {}) {
  const readiness = createReadiness({ check: () => options.reason ?? null, cacheMs: 0 });
  const metrics = createConsoleMetrics({ version: '1.2.3', mode: 'embedded' });
  const api = new Hono();
  api.all('*', (c) => c.json({ code: 404, message: 'No such operation', data: null }, 404));
  const app = createServerApp({
    api,
    info: embeddedInfo(['dev-token']),
    ops: { readiness, ...(options.token ? { metrics: { registry: metrics.registry, token: options.token } } : {}) },
  });
  return { app, readiness };
}

const expectApiHeaders = (res: Response) => {
  expect(res.headers.get('content-type')).toMatch(/^application\/json|^text\/plain; version=0\.0\.4/);
  expect(res.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toBe('no-store');
};

describe('/healthz and /readyz', () => {
  it('healthz is 200 {"status":"ok"} with /api headers, whatever the Host (a kubelet names the pod address)', async () => {
    const { app } = makeApp({ reason: 'the database is not writable' });
    const res = await app.request('http://10.1.2.3:8080/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expectApiHeaders(res);
  });

  it('readyz is 200 when ready, 503 with the reason when not, and 503 "draining" once shutdown began', async () => {
    const ready = makeApp();
    const ok = await ready.app.request('http://10.1.2.3:8080/readyz');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ready' });
    expectApiHeaders(ok);

    const notReady = await makeApp({ reason: 'the gateway is unreachable' }).app.request('/readyz');
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: 'not ready', reason: 'the gateway is unreachable' });
    expectApiHeaders(notReady);

    ready.readiness.markDraining();
    const draining = await ready.app.request('/readyz');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'not ready', reason: 'draining' });
  });
});

describe('/metrics', () => {
  it('without METRICS_TOKEN: 404, not the console page', async () => {
    const res = await makeApp().app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expectApiHeaders(res);
  });

  it('with METRICS_TOKEN: 401 without the token or with another, the Prometheus text with it', async () => {
    const { app } = makeApp({ token: TOKEN });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`, `bearer  ${TOKEN}`]) {
      const res = await app.request('/metrics', authorization ? { headers: { Authorization: authorization } } : {});
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain(TOKEN);
    }
    const res = await app.request('http://10.1.2.3:9100/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expectApiHeaders(res);
    const text = await res.text();
    expect(text).toContain('console_build_info{version="1.2.3",mode="embedded"} 1');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('is never served under /api', async () => {
    const res = await makeApp({ token: TOKEN }).app.request('/api/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('console_build_info');
  });
});
