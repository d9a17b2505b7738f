import { afterEach, describe, expect, it } from 'vitest';
import { envelopeOf, makeTestGateway, type TestGateway } from '../testing/test-gateway';
import { busy } from './busy';

let gw: TestGateway | undefined;
afterEach(() => gw?.deps.close());

describe('busy (429)', () => {
  it('always says when to ask again, in whole seconds of at least 1', () => {
    expect(busy('full').headers).toEqual({ 'Retry-After': '5' });
    expect(busy('full', 0.2).headers).toEqual({ 'Retry-After': '1' });
    expect(busy('full', 2.5).headers).toEqual({ 'Retry-After': '3' });
  });

  it("the gateway sends Retry-After with every 429, the emulator's task bounds too", async () => {
    gw = await makeTestGateway({ limits: { tasks: { maxPerUser: 1 } } });
    await gw.createTasks('1', { count: 1, durationMs: 60_000 });
    const res = await gw.api.request('/api/_emulator/tasks', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': '1' },
      body: JSON.stringify({ count: 1 }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toMatch(/^[1-9][0-9]*$/);
    expect(await envelopeOf(res)).toMatchObject({ code: 429, message: expect.stringMatching(/TASKS_MAX_PER_USER/) });
  });
});
