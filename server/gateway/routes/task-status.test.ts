import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorMessage } from '#contract';
import { makeTestGateway, type TestGateway } from '../../testing/test-gateway';
import { expectFailure, expectItems } from '../../testing/status-expectations';

let gw: TestGateway;
beforeEach(async () => {
  gw = await makeTestGateway();
});
afterEach(() => gw.deps.close());

const fakeIds = (n: number, tag = 'x') => Array.from({ length: n }, (_, i) => `Service_AI_${tag}${i}`);

describe('POST /textRemoval/taskStatus: body rules', () => {
  it('answers one task by taskId and many by taskIds, in the order of the merged request', async () => {
    const ids = await gw.createTasks('1001', { count: 3 });
    const [a, b, c] = ids as [string, string, string];
    expect((await expectItems(await gw.status({ taskId: b }))).map((i) => i.taskId)).toEqual([b]);
    const items = await expectItems(await gw.status({ taskId: c, taskIds: [a, c, b, a] }));
    expect(items.map((i) => i.taskId)).toEqual([c, a, b]);
    expect(items[0]).toEqual({
      taskId: c,
      taskStatus: 1,
      taskProgress: 0,
      errorCode: 0,
      targetVideoUrl: null,
      updateTime: expect.any(Number),
    });
  });

  it.each([
    ['an empty object', {}],
    ['an empty taskId', { taskId: '' }],
    ['an empty taskIds', { taskIds: [] }],
    ['both empty', { taskId: '', taskIds: [] }],
    ['both null', { taskId: null, taskIds: null }],
    ['an empty body', ''],
  ])('refuses %s with 2001 and the both-empty message', async (_, body) => {
    await expectFailure(await gw.status(body), 2001, ErrorMessage.bothIdsEmpty);
  });

  it.each([
    ['taskId a number', { taskId: 123 }],
    ['taskId an array', { taskId: ['Service_AI_1'] }],
    ['taskIds a string', { taskIds: 'Service_AI_1' }],
    ['taskIds holding a number', { taskIds: ['Service_AI_1', 2] }],
    ['taskIds holding null', { taskIds: [null] }],
    ['taskIds an object', { taskIds: { 0: 'Service_AI_1' } }],
  ])('refuses %s with 2001', async (_, body) => {
    await expectFailure(await gw.status(body), 2001, /^Invalid Parameter/);
  });

  it.each([
    ['no prefix', { taskId: 'abc' }],
    ['a lower-case prefix', { taskId: 'service_ai_1' }],
    ['the bare prefix', { taskId: 'Service_AI' }],
    ['a leading space', { taskId: ' Service_AI_1' }],
    ['an empty string among good IDs', { taskIds: ['Service_AI_1', ''] }],
    ['one bad ID among good ones', { taskId: 'Service_AI_1', taskIds: ['Service_AI_2', 'Task_3'] }],
  ])('refuses an ID with %s with 2001', async (_, body) => {
    await expectFailure(await gw.status(body), 2001, /Service_AI/);
  });

  it('accepts 100 merged IDs and refuses 101', async () => {
    expect(await expectItems(await gw.status({ taskIds: fakeIds(100) }))).toEqual([]);
    await expectFailure(await gw.status({ taskIds: fakeIds(101) }), 2001, /at most 100/);
    await expectFailure(await gw.status({ taskId: 'Service_AI_extra', taskIds: fakeIds(100) }), 2001, /at most 100/);
  });

  it('counts after removing duplicates: 101 or more raw IDs that dedupe to 100 are fine', async () => {
    const hundred = fakeIds(100);
    await expectItems(await gw.status({ taskIds: [...hundred, hundred[5]!] }));
    await expectItems(await gw.status({ taskId: hundred[0], taskIds: hundred }));
    await expectItems(await gw.status({ taskIds: [...hundred, ...hundred] }));
  });

  it('answers 100 real IDs at once', async () => {
    const ids = await gw.createTasks('1001', { count: 100 });
    const items = await expectItems(await gw.status({ taskIds: ids }));
    expect(items.map((i) => i.taskId)).toEqual(ids);
  });

  it('leaves unknown IDs and other users’ IDs out of data, the same way', async () => {
    const [mine] = await gw.createTasks('1001', { count: 1 });
    const [theirs] = await gw.createTasks('2002', { count: 1 });
    const items = await expectItems(await gw.status({ taskIds: ['Service_AI_nope', theirs!, mine!] }));
    expect(items.map((i) => i.taskId)).toEqual([mine]);
    expect(await expectItems(await gw.status({ taskId: theirs }))).toEqual([]);
    expect(await expectItems(await gw.status({ taskId: theirs }, { 'X-User-Id': '2002' }))).toHaveLength(1);
  });

  it.each([
    ['invalid JSON', '{"taskId": '],
    ['a JSON array', '["Service_AI_1"]'],
    ['a JSON string', '"Service_AI_1"'],
    ['a JSON number', '42'],
    ['JSON null', 'null'],
  ])('refuses %s with 2001', async (_, body) => {
    await expectFailure(await gw.status(body), 2001, /^Invalid Parameter/);
  });

  it('refuses a body that is not UTF-8 with 2001', async () => {
    const res = await gw.api.request('/api/textRemoval/taskStatus', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-User-Id': '1' },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    await expectFailure(res, 2001, /UTF-8/);
  });
});
