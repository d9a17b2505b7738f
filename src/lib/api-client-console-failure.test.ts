import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskStatusDataSchema } from '@/contract';
import { callGateway } from './api-client';
import type { Connection } from './connection-profile';
import type { GatewayRequestError } from './gateway-error';

// Issue 39: an answer the console's own server made for the gateway (its consoleFailure field) is
// the console's, worded per language; the same field from anywhere else is the gateway's envelope.
const viaProxy: Connection = { gatewayUrl: '/api', token: 't', userId: '42', channel: '', appSource: '' };
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown, status = 502) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const failure = (connection: Connection = viaProxy) =>
  callGateway(connection, 'taskStatus', { taskIds: ['Service_AI_1'] }, taskStatusDataSchema).then(
    () => null,
    (e: unknown) => e as GatewayRequestError,
  );
const proxyAnswer = (consoleFailure: unknown) => ({
  code: 502,
  message: 'Gateway unreachable: it answered HTTP 502 with content type text/html, not JSON, which the proxy does not pass on',
  data: null,
  consoleFailure,
});

describe("the console's server's own answers", () => {
  it('become a proxy error with the reason and its values as strings, not an envelope of the gateway', async () => {
    answer(proxyAnswer({ reason: 'notJson', status: 502, contentType: 'text/html' }));
    const err = await failure();
    expect(err).toMatchObject({
      kind: 'proxy',
      httpStatus: 502,
      code: undefined,
      consoleFailure: { reason: 'notJson', values: { status: '502', contentType: 'text/html' } },
    });
    expect(err?.message).toMatch(/^Gateway unreachable: it answered HTTP 502/);
    answer(proxyAnswer({ reason: 'unreachable', error: 'ECONNRESET socket hang up' }));
    expect(await failure()).toMatchObject({
      kind: 'proxy',
      consoleFailure: { reason: 'unreachable', values: { error: 'ECONNRESET socket hang up' } },
    });
  });

  it('stay the gateway’s envelope when they come from another origin (a gateway could write the field itself)', async () => {
    answer(proxyAnswer({ reason: 'unreachable', error: 'x' }));
    const err = await failure({ ...viaProxy, gatewayUrl: 'https://gw.example.com/api' });
    expect(err).toMatchObject({ kind: 'envelope', code: 502 });
    expect(err?.consoleFailure).toBeUndefined();
  });

  it('stay the gateway’s envelope without the field, or with one this console does not know', async () => {
    answer({ code: 502, message: 'upstream busy', data: null });
    expect(await failure()).toMatchObject({ kind: 'envelope', code: 502, message: 'upstream busy' });
    answer(proxyAnswer({ reason: 'cosmic rays' }));
    expect(await failure()).toMatchObject({ kind: 'envelope', code: 502 });
  });
});
