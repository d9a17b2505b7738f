import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { testConnection } from './test-connection';

const connection: Connection = { gatewayUrl: '/api', token: 'secret-token', userId: '10001', channel: '', appSource: '' };
const fetchMock = vi.fn<typeof fetch>();
const answer = (body: unknown, status = 200) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
const ok = () => answer({ code: 0, message: 'OK', data: [] });
const unauthorized = () => answer({ code: 401, message: 'Unauthorized', data: null }, 401);
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    body: init?.body,
    authorization: new Headers(init?.headers).get('Authorization'),
  }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('testConnection', () => {
  it('sends only valid status queries, never a speech request', async () => {
    ok();
    ok();
    await testConnection({ connection, recordHealth: false });
    expect(sent()).toEqual([
      { url: '/api/textRemoval/taskStatus', body: '{"taskIds":["Service_AI_connection_check"]}', authorization: 'Bearer secret-token' },
      { url: '/api/textRemoval/taskStatus', body: '{"taskIds":["Service_AI_connection_check"]}', authorization: null },
    ]);
  });

  it('the token is not checked when the gateway answers the same query without it', async () => {
    ok();
    ok();
    expect(await testConnection({ connection, recordHealth: false })).toMatchObject({ token: { kind: 'not-checked' } });
  });

  it('the token is accepted for status queries when the gateway refuses the query without it and answers it with it', async () => {
    ok();
    unauthorized();
    expect(await testConnection({ connection, recordHealth: false })).toMatchObject({ token: { kind: 'accepted-for-status' } });
  });

  it('an unclear answer to the query without the token leaves the token not checked, and says why', async () => {
    ok();
    answer({ code: 502, message: 'Bad gateway', data: null }, 502);
    const { token } = await testConnection({ connection, recordHealth: false });
    expect(token).toMatchObject({ kind: 'inconclusive', error: { httpStatus: 502 } });
  });

  it('without a token: one query, and the result names the missing token', async () => {
    ok();
    expect(await testConnection({ connection: { ...connection, token: '' }, recordHealth: false })).toMatchObject({
      token: { kind: 'none' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a refusal of the query with the token fails the test as a refused token', async () => {
    unauthorized();
    const error = await testConnection({ connection, recordHealth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ httpStatus: 401, operation: 'taskStatus' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
