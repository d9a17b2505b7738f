import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskStatusDataSchema } from '@/contract';
import { callGateway } from './api-client';
import type { Connection } from './connection-profile';
import { GatewayRequestError } from './gateway-error';

const connection: Connection = { gatewayUrl: '/api', token: 't', userId: '1', channel: '', appSource: '' };
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function failureOf(status: number, body: string, headers: Record<string, string>): Promise<GatewayRequestError> {
  fetchMock.mockResolvedValueOnce(new Response(body, { status, headers: { 'Content-Type': 'application/json', ...headers } }));
  const error = await callGateway(connection, 'taskStatus', { taskIds: ['x'] }, taskStatusDataSchema).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayRequestError);
  return error as GatewayRequestError;
}

describe("a refusal carries the answer's Retry-After, for the script queue to wait as asked", () => {
  it('a 429 envelope with Retry-After in seconds', async () => {
    const error = await failureOf(429, JSON.stringify({ code: 429, message: 'Busy', data: null }), { 'Retry-After': '3' });
    expect(error.httpStatus).toBe(429);
    expect(error.retryAfter).toBe('3');
  });

  it('an HTTP date, and a 503 page that is not an envelope', async () => {
    const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
    expect((await failureOf(503, 'Service Unavailable', { 'Retry-After': date })).retryAfter).toBe(date);
  });

  it('nothing when the answer has no Retry-After', async () => {
    const error = await failureOf(429, JSON.stringify({ code: 429, message: 'Busy', data: null }), {});
    expect(error.retryAfter).toBeUndefined();
  });
});
