import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { taskStatusDataSchema } from '@/contract';
import { ErrorAlert } from '@/components/error-alert';
import { callGateway } from './api-client';
import type { Connection } from './connection-profile';
import { describeError } from '@/i18n/describe-error';
import { GatewayRequestError } from './gateway-error';

// Distinctive, so a match anywhere means the Authorization value was copied into an error.
const TOKEN = 'tok-ERRLEAK-7f3a9c';
const connection: Connection = { gatewayUrl: 'https://gw.example.com/api', token: TOKEN, userId: '1001', channel: '', appSource: '' };

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Every way a call can fail, each with what fetch does in that case. */
const failures: Array<[string, () => void, Partial<Connection>?]> = [
  ['network error', () => fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))],
  ['HTML 401 page', () => fetchMock.mockResolvedValueOnce(new Response('<html>401 Unauthorized</html>', { status: 401 }))],
  ['401 envelope', () => fetchMock.mockResolvedValueOnce(json({ code: 401, message: 'Unauthorized: bad token', data: null }, 401))],
  ['empty 502', () => fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }))],
  ['not JSON', () => fetchMock.mockResolvedValueOnce(new Response('ok'))],
  ['not an envelope', () => fetchMock.mockResolvedValueOnce(json({ hello: 'world' }))],
  ['data breaking the contract', () => fetchMock.mockResolvedValueOnce(json({ code: 0, message: 'OK', data: [{ taskId: 1 }] }))],
  [
    'an answer above the size cap',
    () => fetchMock.mockResolvedValueOnce(new Response('', { headers: { 'Content-Length': String(10 * 1024 * 1024) } })),
  ],
  [
    'a connection dropped mid-answer',
    () => fetchMock.mockResolvedValueOnce(new Response(new ReadableStream({ pull: (c) => c.error(new TypeError('network error')) }))),
  ],
  ['an unsendable token', () => undefined, { token: `${TOKEN}\u00e9` }],
  [
    'a timeout',
    () =>
      fetchMock.mockImplementationOnce(
        (_, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
  ],
];

describe('the token never reaches an error the console shows', () => {
  it.each(failures)('%s', async (_, arrange, override) => {
    arrange();
    const error = await callGateway({ ...connection, ...override }, 'taskStatus', { taskId: 'Service_AI_1' }, taskStatusDataSchema, {
      timeoutMs: 50,
      recordHealth: false,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GatewayRequestError);
    const described = describeError(error);
    const shown = [
      String(error),
      JSON.stringify(error),
      (error as Error).stack ?? '',
      described.title,
      described.detail,
      described.nextStep,
    ].join('\n');
    expect(shown).not.toContain('ERRLEAK');

    const { unmount } = render(<ErrorAlert error={error} />);
    expect((await screen.findByRole('alert')).textContent).not.toContain('ERRLEAK');
    unmount();
  });

  it('the token was really sent, in the Authorization header only', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 0, message: 'OK', data: [] }));
    await callGateway(connection, 'taskStatus', { taskId: 'Service_AI_1' }, taskStatusDataSchema, { recordHealth: false });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).not.toContain('ERRLEAK');
    expect(String(init?.body)).not.toContain('ERRLEAK');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });
});
