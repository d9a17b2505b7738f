import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestGateway, TEST_TOKEN, type TestGateway } from '../../testing/test-gateway';
import { expectFailure, expectItems } from '../../testing/status-expectations';

let gw: TestGateway;
beforeEach(async () => {
  gw = await makeTestGateway();
});
afterEach(() => gw.deps.close());

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
