import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorMessage, taskStatusResponseSchema, TaskStatus } from '../../../src/contract';
import { envelopeOf, makeTestGateway, TEST_TOKEN, type TestGateway } from '../testing/test-gateway';

type Item = { taskId: string; taskStatus: number; taskProgress: number; errorCode: number; targetVideoUrl: string | null; updateTime: number };

let gw: TestGateway;
beforeEach(async () => {
  gw = await makeTestGateway();
});
afterEach(() => gw.deps.close());

const fakeIds = (n: number, tag = 'x') => Array.from({ length: n }, (_, i) => `Service_AI_${tag}${i}`);

async function expectFailure(res: Response, code: number, message?: string | RegExp, status = 200) {
  expect(res.status).toBe(status);
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = await envelopeOf(res);
  expect(body).toMatchObject({ code, data: null });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

async function expectItems(res: Response): Promise<Item[]> {
  expect(res.status).toBe(200);
  const json: unknown = await res.json();
  expect(taskStatusResponseSchema.safeParse(json).success).toBe(true);
  const body = json as { code: number; message: string; data: Item[] };
  expect(body.code).toBe(0);
  expect(body.message).toBe('OK');
  return body.data;
}

describe('POST /textRemoval/taskStatus: body rules', () => {
  it('answers one task by taskId and many by taskIds, in the order of the merged request', async () => {
    const ids = await gw.createTasks('1001', { count: 3 });
    const [a, b, c] = ids as [string, string, string];
    expect((await expectItems(await gw.status({ taskId: b }))).map((i) => i.taskId)).toEqual([b]);
    const items = await expectItems(await gw.status({ taskId: c, taskIds: [a, c, b, a] }));
    expect(items.map((i) => i.taskId)).toEqual([c, a, b]);
    expect(items[0]).toEqual({ taskId: c, taskStatus: 1, taskProgress: 0, errorCode: 0, targetVideoUrl: null, updateTime: expect.any(Number) });
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

describe('POST /textRemoval/taskStatus: headers', () => {
  it.each([
    ['missing', {}],
    ['empty', { 'X-User-Id': '' }],
    ['blank', { 'X-User-Id': '   ' }],
  ])('answers 2000 when X-User-Id is %s', async (_, headers) => {
    await expectFailure(await gw.status({ taskId: 'Service_AI_1' }, headers), 2000, /X-User-Id/);
  });

  it.each(['abc', '12a', '-5', '1.5', '1e3', '0x10', '9223372036854775808', '12345678901234567890'])(
    'answers 2001 when X-User-Id is %s',
    async (userId) => {
      await expectFailure(await gw.status({ taskId: 'Service_AI_1' }, { 'X-User-Id': userId }), 2001, /X-User-Id/);
    },
  );

  it('accepts the largest Long (19 digits) and keeps it exact', async () => {
    const big = '9223372036854775807';
    const [id] = await gw.createTasks(big, { count: 1 });
    expect(await expectItems(await gw.status({ taskId: id }, { 'X-User-Id': big }))).toHaveLength(1);
    expect(await expectItems(await gw.status({ taskId: id }, { 'X-User-Id': '9223372036854775806' }))).toEqual([]);
  });

  it('reads X-User-Id as a number: leading zeros name the same user', async () => {
    const [id] = await gw.createTasks('007', { count: 1 });
    expect(await expectItems(await gw.status({ taskId: id }, { 'X-User-Id': '7' }))).toHaveLength(1);
    expect(await expectItems(await gw.status({ taskId: id }, { 'X-User-Id': ' 0007 ' }))).toHaveLength(1);
  });

  it('refuses a duplicated X-User-Id header (the values join into a non-number)', async () => {
    const headers = new Headers({ 'Content-Type': 'application/json' });
    headers.append('X-User-Id', '1001');
    headers.append('X-User-Id', '1002');
    const res = await gw.api.request('/api/textRemoval/taskStatus', { method: 'POST', headers, body: '{"taskId":"Service_AI_1"}' });
    await expectFailure(res, 2001, /X-User-Id/);
  });

  it('checks X-User-Id before the body', async () => {
    await expectFailure(await gw.status('not json', {}), 2000);
  });

  it('ignores X-Channel and X-App-Source, whatever their values', async () => {
    for (const channel of ['', 'abc', '100', '-1', '99999999999']) {
      const headers = { 'X-User-Id': '1001', 'X-Channel': channel, 'X-App-Source': 'web' };
      await expectItems(await gw.status({ taskId: 'Service_AI_1' }, headers));
    }
  });

  it('with STATUS_AUTH=optional: no token is fine, a good one is fine, a wrong or malformed one is 401', async () => {
    const body = { taskId: 'Service_AI_1' };
    await expectItems(await gw.status(body, { 'X-User-Id': '1' }));
    await expectItems(await gw.status(body, { 'X-User-Id': '1', Authorization: `Bearer ${TEST_TOKEN}` }));
    await expectItems(await gw.status(body, { 'X-User-Id': '1', Authorization: `bearer  ${TEST_TOKEN} ` }));
    await expectFailure(await gw.status(body, { 'X-User-Id': '1', Authorization: 'Bearer nope' }), 401, /Unauthorized/, 401);
    await expectFailure(await gw.status(body, { 'X-User-Id': '1', Authorization: TEST_TOKEN }), 401, /Unauthorized/, 401);
    await expectFailure(await gw.status(body, { 'X-User-Id': '1', Authorization: `Basic ${TEST_TOKEN}` }), 401, /Unauthorized/, 401);
    await expectFailure(await gw.status(body, { 'X-User-Id': '1', Authorization: '' }), 401, /Unauthorized/, 401);
  });

  it('with STATUS_AUTH=required: a token must be sent and accepted, before anything else is checked', async () => {
    const strict = await makeTestGateway({ statusAuth: 'required' });
    const body = { taskId: 'Service_AI_1' };
    await expectFailure(await strict.status(body, { 'X-User-Id': '1' }), 401, /Bearer token is required/, 401);
    await expectFailure(await strict.status(body, {}), 401, /Unauthorized/, 401);
    await expectFailure(await strict.status(body, { 'X-User-Id': '1', Authorization: 'Bearer wrong' }), 401, /not accepted/, 401);
    await expectItems(await strict.status(body, { 'X-User-Id': '1', Authorization: `Bearer ${TEST_TOKEN}` }));
    await expectFailure(await strict.status(body, { Authorization: `Bearer ${TEST_TOKEN}` }), 2000);
    await strict.deps.close();
  });
});

describe('POST /textRemoval/taskStatus: lifecycle', () => {
  it('shows a task move through every phase on the injected clock, with a download link at the end', async () => {
    const [id] = await gw.createTasks('1001', { count: 1, durationMs: 3000, outcome: 'finished' });
    const read = async () => (await expectItems(await gw.status({ taskId: id })))[0]!;
    const seen: Item[] = [await read()];
    for (let t = 0; t < 3000; t += 250) {
      gw.advance(250);
      seen.push(await read());
    }
    expect([...new Set(seen.map((s) => s.taskStatus))]).toEqual([1, 2, 3, 4]);
    const progress = seen.map((s) => s.taskProgress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(seen.filter((s) => s.taskStatus === 3).some((s) => s.taskProgress > 50)).toBe(true);
    expect(seen.filter((s) => s.taskStatus < 4).every((s) => s.targetVideoUrl === null)).toBe(true);
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ taskStatus: TaskStatus.finished, taskProgress: 100, errorCode: 0 });
    const url = new URL(done.targetVideoUrl!);
    expect(url.pathname).toBe(`/api/files/video/${id}`);
    const video = await gw.api.request(url.pathname + url.search);
    expect(video.status).toBe(200);
    expect(video.headers.get('Content-Type')).toBe('video/mp4');
  });

  it('ends a failed task in 5 with a non-zero errorCode and no URL, an aborted one in 6', async () => {
    const [failed] = await gw.createTasks('1001', { count: 1, durationMs: 3000, outcome: 'failed' });
    const [aborted] = await gw.createTasks('1001', { count: 1, durationMs: 3000, outcome: 'aborted' });
    gw.advance(3000);
    const [f, a] = await expectItems(await gw.status({ taskIds: [failed!, aborted!] }));
    expect(f).toMatchObject({ taskStatus: 5, targetVideoUrl: null });
    expect(f!.errorCode).not.toBe(0);
    expect(a).toMatchObject({ taskStatus: 6, errorCode: 3100, targetVideoUrl: null });
  });

  it('on the real clock, a 3000 ms task reads 4/100 with a downloadable video within 5 s', async () => {
    const live = await makeTestGateway({ now: Date.now });
    const [id] = await live.createTasks('1001', { count: 1, durationMs: 3000, outcome: 'finished' });
    const started = Date.now();
    let item: Item | undefined;
    while (Date.now() - started < 5000) {
      item = (await expectItems(await live.status({ taskId: id })))[0];
      if (item?.taskStatus === 4) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(item).toMatchObject({ taskStatus: 4, taskProgress: 100 });
    const url = new URL(item!.targetVideoUrl!);
    const bytes = new Uint8Array(await (await live.api.request(url.pathname + url.search)).arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe('ftyp');
    expect(bytes.byteLength).toBeGreaterThan(5000);
    await live.deps.close();
  });
});
