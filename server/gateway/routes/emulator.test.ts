import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PointsLedger } from '../users/points-ledger';
import { envelopeOf, makeTestGateway, type TestGateway } from '../../testing/test-gateway';

let gw: TestGateway;
beforeEach(async () => {
  gw = await makeTestGateway();
});
afterEach(() => gw.deps.close());

const send = (method: string, path: string, body: unknown, headers: Record<string, string> = { 'X-User-Id': '1001' }) =>
  gw.api.request(`/api/_emulator${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /_emulator/tasks', () => {
  it('creates 1 to 1000 tasks for the caller', async () => {
    const one = await envelopeOf<{ taskIds: string[] }>(await send('POST', '/tasks', { count: 1 }));
    expect(one).toMatchObject({ code: 0, message: 'OK' });
    expect(one.data?.taskIds).toHaveLength(1);
    const many = await envelopeOf<{ taskIds: string[] }>(await send('POST', '/tasks', { count: 1000, durationMs: 500, outcome: 'mixed' }));
    expect(many.data?.taskIds).toHaveLength(1000);
    expect(gw.deps.tasks.find('1001', many.data!.taskIds[999]!)?.durationMs).toBe(500);
  });

  it.each([
    [{ count: 0 }, 2001],
    [{ count: 1001 }, 2001],
    [{ count: 1.5 }, 2001],
    [{ count: '3' }, 2001],
    [{ count: null }, 2001],
    [{ count: 1, durationMs: 499 }, 2001],
    [{ count: 1, durationMs: 3_600_001 }, 2001],
    [{ count: 1, durationMs: 'fast' }, 2001],
    [{ count: 1, outcome: 'exploded' }, 2001],
    [{}, 2000],
    [{ durationMs: 3000 }, 2000],
    ['[1]', 2001],
    ['{"count":', 2001],
  ])('refuses %j with %i', async (body, code) => {
    const res = await send('POST', '/tasks', body);
    expect(res.status).toBe(200);
    expect(await envelopeOf(res)).toMatchObject({ code, data: null });
  });

  it('accepts the duration bounds 500 and 3,600,000 ms', async () => {
    for (const durationMs of [500, 3_600_000]) {
      expect((await envelopeOf(await send('POST', '/tasks', { count: 1, durationMs }))).code).toBe(0);
    }
  });

  it('needs a numeric X-User-Id', async () => {
    expect((await envelopeOf(await send('POST', '/tasks', { count: 1 }, {}))).code).toBe(2000);
    expect((await envelopeOf(await send('POST', '/tasks', { count: 1 }, { 'X-User-Id': 'me' }))).code).toBe(2001);
  });
});

describe('PUT /_emulator/users/:userId', () => {
  it('sets a balance that survives a restart', async () => {
    const res = await envelopeOf(await send('PUT', '/users/42', { points: 7 }, {}));
    expect(res).toEqual({ code: 0, message: 'OK', data: { userId: '42', points: 7 } });
    expect(gw.deps.points.balance('42')).toBe(7);
    expect((await PointsLedger.open(gw.dataDir)).balance('42')).toBe(7);
    expect((await envelopeOf(await gw.api.request('/api/_emulator/users/42'))).data).toEqual({ userId: '42', points: 7 });
  });

  it('reads the path ID as a Long, like X-User-Id: /users/007 is user 7 for Operation B too', async () => {
    expect(await envelopeOf(await send('PUT', '/users/007', { points: 3 }, {}))).toEqual({
      code: 0,
      message: 'OK',
      data: { userId: '7', points: 3 },
    });
    expect(gw.deps.points.balance('7')).toBe(3);
    expect((await envelopeOf(await gw.api.request('/api/_emulator/users/0007'))).data).toEqual({ userId: '7', points: 3 });
  });

  it.each([
    ['/users/42', { points: -1 }, 2001],
    ['/users/42', { points: 1.5 }, 2001],
    ['/users/42', { points: '5' }, 2001],
    ['/users/42', {}, 2000],
    ['/users/abc', { points: 5 }, 2001],
    ['/users/99999999999999999999', { points: 5 }, 2001],
    ['/users/42', 'nope', 2001],
  ])('refuses %s %j with %i', async (path, body, code) => {
    expect(await envelopeOf(await send('PUT', path, body, {}))).toMatchObject({ code, data: null });
  });
});

describe('emulator controls when not embedded', () => {
  it('do not exist (404 envelope)', async () => {
    const off = await makeTestGateway({ emulator: false });
    const res = await off.api.request('/api/_emulator/tasks', { method: 'POST', headers: { 'X-User-Id': '1' }, body: '{"count":1}' });
    expect(res.status).toBe(404);
    expect(await envelopeOf(res)).toMatchObject({ code: 404, data: null });
    expect(off.deps.tasks.size).toBe(0);
    await off.deps.close();
  });
});
