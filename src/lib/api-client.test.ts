import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskStatusDataSchema } from '@/contract';
import { buildHeaders, callGateway } from './api-client';
import type { Connection } from './connection-profile';
import { GatewayRequestError } from './gateway-error';

const connection: Connection = { gatewayUrl: '/api', token: 'secret-token', userId: '9223372036854775807', channel: '', appSource: '' };
const item = { taskId: 'Service_AI_1', taskStatus: 3, taskProgress: 40, errorCode: 0, targetVideoUrl: null, updateTime: 1700000000000 };

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const answer = (body: string, status = 200, contentType = 'application/json') =>
  fetchMock.mockResolvedValueOnce(new Response(body, { status, headers: { 'Content-Type': contentType } }));
const call = (c: Connection = connection, options = {}) =>
  callGateway(c, 'taskStatus', { taskIds: ['Service_AI_1'] }, taskStatusDataSchema, options);
async function failure(promise: Promise<unknown>): Promise<GatewayRequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayRequestError);
  return error as GatewayRequestError;
}

describe('callGateway success', () => {
  it('returns the parsed data of a code 0 envelope, even when empty', async () => {
    answer(JSON.stringify({ code: 0, message: 'OK', data: [item] }));
    await expect(call()).resolves.toEqual([item]);
    answer(JSON.stringify({ code: 0, message: 'OK', data: [] }));
    await expect(call()).resolves.toEqual([]);
  });

  it('POSTs JSON to the operation path under the gateway URL, never putting the token in the URL', async () => {
    answer(JSON.stringify({ code: 0, message: 'OK', data: [] }));
    await call({ ...connection, gatewayUrl: 'https://gw.example.com/base/' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://gw.example.com/base/textRemoval/taskStatus');
    expect(String(url)).not.toContain('secret-token');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ taskIds: ['Service_AI_1'] }));
  });
});

describe('headers', () => {
  it('sends exactly the spec headers, a 19-digit user ID unchanged', async () => {
    answer(JSON.stringify({ code: 0, message: 'OK', data: [] }));
    await call();
    expect(fetchMock.mock.calls[0]![1]?.headers).toEqual({
      'Content-Type': 'application/json;charset=UTF-8',
      Accept: 'application/json;charset=UTF-8',
      Authorization: 'Bearer secret-token',
      'X-User-Id': '9223372036854775807',
    });
  });

  it('adds X-Channel and X-App-Source only when set, and Authorization only with a token', () => {
    expect(buildHeaders({ ...connection, token: '', channel: '7', appSource: 'console' })).toEqual({
      'Content-Type': 'application/json;charset=UTF-8',
      Accept: 'application/json;charset=UTF-8',
      'X-User-Id': '9223372036854775807',
      'X-Channel': '7',
      'X-App-Source': 'console',
    });
    expect(buildHeaders({ ...connection, userId: '' })).not.toHaveProperty('X-User-Id');
  });

  it('leaves X-App-Source out on channel 100, where the spec says the gateway ignores it', () => {
    for (const channel of ['100', '0100']) {
      const headers = buildHeaders({ ...connection, channel, appSource: 'console' });
      expect(headers).toMatchObject({ 'X-Channel': channel });
      expect(headers).not.toHaveProperty('X-App-Source');
    }
    expect(buildHeaders({ ...connection, channel: '', appSource: 'console' })).toMatchObject({ 'X-App-Source': 'console' });
  });

  it('names a header it cannot send instead of calling the gateway', async () => {
    const err = await failure(call({ ...connection, userId: '１２３' }));
    expect(err.kind).toBe('settings');
    expect(err.message).toContain('X-User-Id');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('every failure becomes a GatewayRequestError', () => {
  it('code != 0 with HTTP 200', async () => {
    answer(JSON.stringify({ code: 2001, message: 'Invalid Parameter: X-User-Id must be numeric', data: null }));
    const err = await failure(call());
    expect(err).toMatchObject({
      kind: 'envelope',
      code: 2001,
      httpStatus: 200,
      operation: 'taskStatus',
      message: 'Invalid Parameter: X-User-Id must be numeric',
    });
  });

  it('4xx with an envelope keeps code and status', async () => {
    answer(JSON.stringify({ code: 401, message: 'Unauthorized: the token was not accepted', data: null }), 401);
    expect(await failure(call())).toMatchObject({ kind: 'envelope', code: 401, httpStatus: 401 });
  });

  it('5xx with a code 0 envelope is still a failure', async () => {
    answer(JSON.stringify({ code: 0, message: 'OK', data: [] }), 503);
    expect(await failure(call())).toMatchObject({ kind: 'http', httpStatus: 503 });
  });

  it('4xx/5xx without an envelope', async () => {
    answer(JSON.stringify({ error: 'Bad Gateway' }), 502);
    expect(await failure(call())).toMatchObject({ kind: 'http', httpStatus: 502, code: undefined });
    answer('', 500, 'text/plain');
    expect(await failure(call())).toMatchObject({ kind: 'http', httpStatus: 500 });
  });

  it('an HTML error page', async () => {
    answer('<!doctype html><title>502 Bad Gateway</title>', 502, 'text/html');
    const err = await failure(call());
    expect(err).toMatchObject({ kind: 'http', httpStatus: 502 });
    expect(err.message).toContain('HTML page');
  });

  it('an HTML page with HTTP 200 (a web server, not a gateway)', async () => {
    answer('<!doctype html><div id="root"></div>', 200, 'text/html');
    expect(await failure(call())).toMatchObject({ kind: 'not-gateway', httpStatus: 200 });
  });

  it('invalid JSON', async () => {
    answer('{"code": 0, "message": ', 200);
    expect(await failure(call())).toMatchObject({ kind: 'invalid-json', httpStatus: 200 });
  });

  it('JSON that is not an envelope', async () => {
    answer(JSON.stringify({ status: 'ok' }));
    expect(await failure(call())).toMatchObject({ kind: 'not-gateway' });
  });

  it('a payload that breaks the contract', async () => {
    answer(JSON.stringify({ code: 0, message: 'OK', data: [{ ...item, taskStatus: 'running' }] }));
    const err = await failure(call());
    expect(err.kind).toBe('contract');
    expect(err.message).toContain('0.taskStatus');
  });

  it('a timeout', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const err = await failure(call(connection, { timeoutMs: 20 }));
    expect(err.kind).toBe('timeout');
  });

  it('a network failure, with a CORS hint only for another origin', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await failure(call())).toMatchObject({ kind: 'network', crossOrigin: false });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await failure(call({ ...connection, gatewayUrl: 'https://gw.example.com' }))).toMatchObject({
      kind: 'network',
      crossOrigin: true,
    });
  });

  it('an abort by the caller', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = call(connection, { signal: controller.signal });
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: 'aborted' });
  });
});
