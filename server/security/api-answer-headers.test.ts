import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInfo } from '../console-info';
import { createGatewayApp } from '../gateway/app';
import { createStatusFastPath } from '../gateway/routes/status-fast-path';
import { rawRefusal, refusalHeaders } from '../refusals';
import { createRequestListener } from '../request-listener';
import { createServerApp } from '../server-app';
import { makeTestGateway, TEST_TOKEN, type TestGateway } from '../testing/test-gateway';
import { allowedHostNames } from './host-allow-list';
import { API_SECURITY_HEADERS } from './security-headers';

const PATH = '/api/textRemoval/taskStatus';

// A header added to /api's security headers in one place must reach every /api answer: the app's
// middleware, the status fast path (which writes its answer without Hono) and the refusals written
// outside Hono. The probe is added before any of them is built, as an edit of the source would be.
describe('one source for the headers of /api answers', () => {
  const probe = API_SECURITY_HEADERS as Record<string, string>;
  let gw: TestGateway;
  let server: Server;
  let fellBack = 0;

  beforeAll(async () => {
    probe['X-Probe'] = 'on';
    gw = await makeTestGateway();
    const allowedHosts = allowedHostNames('127.0.0.1');
    const app = createServerApp({ api: createGatewayApp(gw.deps), info: embeddedInfo([TEST_TOKEN]), allowedHosts });
    const fast = createStatusFastPath(gw.deps, { allowedHosts });
    server = createServer(
      createRequestListener(app.fetch, (incoming, outgoing, fallback) =>
        fast(incoming, outgoing, (i, o) => {
          fellBack++;
          return fallback(i, o);
        }),
      ),
    );
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  });
  afterAll(async () => {
    delete probe['X-Probe'];
    await new Promise((done) => server.close(done));
    await gw.deps.close();
  });

  const post = (headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ taskIds: ['Service_AI_nobody'] }),
    });

  it('reaches an answer of the status fast path', async () => {
    const res = await post({ Authorization: `Bearer ${TEST_TOKEN}`, 'X-User-Id': '1001' });
    expect(res.status).toBe(200);
    expect(fellBack).toBe(0);
    expect(res.headers.get('x-probe')).toBe('on');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("reaches the app's own /api answers (the fast path hands this one on)", async () => {
    const res = await post({ Authorization: 'Bearer not-a-token', 'X-User-Id': '1001' });
    expect(res.status).toBe(401);
    expect(fellBack).toBe(1);
    expect(res.headers.get('x-probe')).toBe('on');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('reaches the refusals written outside Hono', () => {
    expect(refusalHeaders()['X-Probe']).toBe('on');
    expect(rawRefusal(400, 'Bad Request')).toContain('\r\nX-Probe: on\r\n');
  });
});
