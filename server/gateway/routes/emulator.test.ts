import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PointsLedger } from '../users/points-ledger';
import { TaskEngine } from '../tasks/task-engine';
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

describe('POST /_emulator/tasks/end', () => {
  // makeTestGateway's clock starts here.
  const T0 = Date.UTC(2026, 0, 1);
  type Item = { taskId: string; taskStatus: number; taskProgress: number; updateTime: number };
  const states = async (ids: string[], user = '1001') =>
    ((await envelopeOf<Item[]>(await gw.status({ taskIds: ids }, { 'X-User-Id': user }))).data ?? []).map((i) => [
      i.taskStatus,
      i.taskProgress,
    ]);

  it('ends the caller’s live tasks now, each as its outcome says, past the answers already given and a restart', async () => {
    const [finished] = await gw.createTasks('1001', { count: 1, durationMs: 600_000, outcome: 'finished' });
    const [failed] = await gw.createTasks('1001', { count: 1, durationMs: 600_000, outcome: 'failed' });
    const [aborted] = await gw.createTasks('1001', { count: 1, durationMs: 600_000, outcome: 'aborted' });
    const ids = [finished!, failed!, aborted!];
    // 50 s into 600 s lives: all queued (none aborts before 10% of its life, 60 s).
    gw.advance(50_000);
    // Asked twice: the second answer is the stored one, which the end must not outlive.
    expect(await states(ids)).toEqual([
      [2, 0],
      [2, 0],
      [2, 0],
    ]);
    expect(await states(ids)).toEqual([
      [2, 0],
      [2, 0],
      [2, 0],
    ]);
    const res = await envelopeOf<{ ended: string[] }>(await send('POST', '/tasks/end', { taskIds: ids }));
    expect(res).toEqual({ code: 0, message: 'OK', data: { ended: ids } });
    const after = await envelopeOf<Item[]>(await gw.status({ taskIds: ids }));
    expect(after.data!.map((i) => i.taskStatus)).toEqual([4, 5, 6]);
    expect(after.data![0]!.taskProgress).toBe(100);
    // Ended now: the time of the change is the clock's, never before what was already said.
    for (const item of after.data!) expect(item.updateTime).toBe(T0 + 50_000);
    expect((await TaskEngine.open(gw.dataDir, () => T0 + 50_000)).stateOf('1001', finished!)?.taskStatus).toBe(4);
  });

  it('leaves ended tasks, other users’ tasks and unknown IDs as they are', async () => {
    const [done] = await gw.createTasks('1001', { count: 1, durationMs: 500, outcome: 'finished' });
    const [theirs] = await gw.createTasks('2002', { count: 1, durationMs: 600_000 });
    gw.advance(1_000);
    const before = await envelopeOf<Item[]>(await gw.status({ taskIds: [done] }));
    const res = await envelopeOf<{ ended: string[] }>(await send('POST', '/tasks/end', { taskIds: [done, theirs, 'Service_AI_nobody'] }));
    expect(res.data).toEqual({ ended: [] });
    expect((await envelopeOf<Item[]>(await gw.status({ taskIds: [done] }))).data).toEqual(before.data);
    expect((await states([theirs!], '2002'))[0]![0]).not.toBe(4);
  });

  it.each([[{}], [{ taskIds: [] }], [{ taskIds: 'Service_AI_x' }], [{ taskIds: Array(1001).fill('Service_AI_x') }]])(
    'refuses %j',
    async (body) => {
      expect((await envelopeOf(await send('POST', '/tasks/end', body))).code).toBeGreaterThanOrEqual(2000);
    },
  );
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
