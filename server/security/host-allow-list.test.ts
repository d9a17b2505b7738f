import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../gateway/app';
import { makeTestGateway, TEST_TOKEN, type TestGateway } from '../testing/test-gateway';
import { embeddedInfo } from '../console-info';
import { createServerApp } from '../server-app';
import { allowedHostNames, hostNameOf, isAllowedHost } from './host-allow-list';

describe('host names', () => {
  it('reads the name without the port, IPv6 in brackets', () => {
    expect(hostNameOf('LocalHost:8080')).toBe('localhost');
    expect(hostNameOf('[::1]:4420')).toBe('[::1]');
    expect(hostNameOf('example.com')).toBe('example.com');
  });

  it('allows loopback always, HOST and ALLOWED_HOSTS when configured, nothing else', () => {
    const names = allowedHostNames('192.168.1.20', ['console.example', '::2']);
    for (const ok of [
      'localhost:1',
      '127.0.0.1',
      '127.8.9.10:80',
      '[::1]:8080',
      'app.localhost',
      '192.168.1.20:8080',
      'console.example',
      '[::2]',
    ]) {
      expect(isAllowedHost(ok, names), ok).toBe(true);
    }
    for (const bad of ['evil.example', 'localhost.evil.example', '127.0.0.1.evil.example', 'console.example.evil', '192.168.1.21', '']) {
      expect(isAllowedHost(bad, names), bad).toBe(false);
    }
  });
});

describe('server app behind the allow-list', () => {
  let gw: TestGateway;
  let app: ReturnType<typeof createServerApp>;
  beforeAll(async () => {
    gw = await makeTestGateway();
    app = createServerApp({
      api: createGatewayApp(gw.deps),
      info: embeddedInfo(['dev-token']),
      allowedHosts: allowedHostNames('127.0.0.1'),
    });
  });
  afterAll(() => gw.deps.close());

  it('refuses a foreign Host with a 421 envelope and never hands it the dev token', async () => {
    for (const path of ['/api/_console/info', '/api/textRemoval/taskStatus', '/']) {
      const res = await app.request(`http://127.0.0.1${path}`, { headers: { Host: 'rebind.attacker.example' } });
      expect(res.status, path).toBe(421);
      const text = await res.text();
      expect(text).not.toContain('dev-token');
      expect(JSON.parse(text)).toMatchObject({ code: 421, data: null, message: expect.stringMatching(/ALLOWED_HOSTS/) });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('checks the URL authority too: an absolute-form target on a foreign host is refused though Host is ours', async () => {
    const res = await app.request('http://rebind.attacker.example/api/_console/info', { headers: { Host: '127.0.0.1' } });
    expect(res.status).toBe(421);
    expect(await res.text()).not.toContain('dev-token');
  });

  it('serves loopback names, with Cache-Control: no-store on API answers', async () => {
    const res = await app.request('http://localhost/api/_console/info', { headers: { Host: 'localhost:4420' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as { data: { defaultToken: string } }).data.defaultToken).toBe('dev-token');
    const status = await app.request('http://127.0.0.1/api/textRemoval/taskStatus', {
      method: 'POST',
      headers: { Host: '127.0.0.1:4420', 'X-User-Id': '1', Authorization: `Bearer ${TEST_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ taskIds: ['Service_AI_x'] }),
    });
    expect(status.headers.get('cache-control')).toBe('no-store');
    const missing = await app.request('http://127.0.0.1/api/nope', { headers: { Host: '127.0.0.1' } });
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, 'no-store']);
  });

  it('builds signed links on PUBLIC_URL when it is configured, whatever Host the request used', async () => {
    const pinned = await makeTestGateway({ publicOrigin: 'https://console.example' });
    const [id] = await pinned.createTasks('1', { count: 1, durationMs: 500, outcome: 'finished' });
    pinned.advance(1000);
    const res = await pinned.api.request('http://127.0.0.1:9999/api/textRemoval/taskStatus', {
      method: 'POST',
      headers: { 'X-User-Id': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ taskIds: [id] }),
    });
    const body = (await res.json()) as { data: { targetVideoUrl: string }[] };
    expect(body.data[0]!.targetVideoUrl).toMatch(/^https:\/\/console\.example\/api\/files\/video\//);
    await pinned.deps.close();
  });
});
