import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskStatusDataSchema } from '@/contract';
import { callGateway, MAX_ANSWER_BYTES } from './api-client';
import type { Connection } from './connection-profile';
import { GatewayRequestError } from './gateway-error';

// How the client reads an answer's body: a size cap, and a connection that breaks mid-answer.
const connection: Connection = { gatewayUrl: 'https://gw.example.com', token: 't', userId: '42', channel: '', appSource: '' };
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const call = () => callGateway(connection, 'taskStatus', { taskIds: ['Service_AI_1'] }, taskStatusDataSchema);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as GatewayRequestError,
  );

/** A body of `chunks` 64 KiB chunks (then `tail`), counting how many the client pulled. */
function streamed(chunks: number, { tail = '', breakAfter = Infinity } = {}) {
  const chunk = new TextEncoder().encode(' '.repeat(65_536));
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === breakAfter) return controller.error(new TypeError('network error'));
      if (state.pulled === chunks) {
        controller.enqueue(new TextEncoder().encode(tail));
        return controller.close();
      }
      state.pulled += 1;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

describe('answer size cap', () => {
  it('stops reading a streamed answer once it passes the cap, and says so', async () => {
    const { body, state } = streamed(160); // 10 MiB
    fetchMock.mockResolvedValueOnce(new Response(body, { status: 200 }));
    const err = await failure(call());
    expect(err).toMatchObject({ kind: 'too-large', httpStatus: 200 });
    expect(err?.message).toMatch(/more than 2 MiB/);
    expect(state.pulled).toBeLessThanOrEqual(MAX_ANSWER_BYTES / 65_536 + 2);
    expect(state.cancelled).toBe(true);
  });

  it('refuses a declared Content-Length above the cap without reading the body', async () => {
    const { body, state } = streamed(160);
    fetchMock.mockResolvedValueOnce(new Response(body, { status: 502, headers: { 'Content-Length': String(10 * 1024 * 1024) } }));
    expect(await failure(call())).toMatchObject({ kind: 'too-large', httpStatus: 502 });
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it('reads an answer just under the cap (whitespace-padded JSON) as usual', async () => {
    const { body } = streamed(MAX_ANSWER_BYTES / 65_536 - 1, { tail: '{"code":0,"message":"OK","data":[]}' });
    fetchMock.mockResolvedValueOnce(new Response(body, { status: 200 }));
    await expect(call()).resolves.toEqual([]);
  });

  it('reads a same-origin answer of declared length whole, and still counts one with a content coding', async () => {
    const sameOrigin = (headers: Record<string, string>) => {
      const { body, state } = streamed(2, { tail: '{"code":0,"message":"OK","data":[]}' });
      const response = new Response(body, { status: 200, headers });
      Object.defineProperty(response, 'type', { value: 'basic' });
      return { response, state, text: vi.spyOn(response, 'text') };
    };
    const plain = sameOrigin({ 'Content-Length': String(2 * 65_536 + 35) });
    fetchMock.mockResolvedValueOnce(plain.response);
    await expect(call()).resolves.toEqual([]);
    expect(plain.text).toHaveBeenCalledOnce();
    const coded = sameOrigin({ 'Content-Length': '100', 'Content-Encoding': 'gzip' });
    fetchMock.mockResolvedValueOnce(coded.response);
    await expect(call()).resolves.toEqual([]);
    expect(coded.text).not.toHaveBeenCalled();
    expect(coded.state.pulled).toBe(2);
  });

  it('decodes multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ code: 2001, message: 'Ungültig – 無効', data: null }));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    fetchMock.mockResolvedValueOnce(new Response(body, { status: 200 }));
    expect(await failure(call())).toMatchObject({ kind: 'envelope', message: 'Ungültig – 無効' });
  });
});

describe('a connection that breaks mid-answer', () => {
  it('is "dropped", not "unreachable": the gateway answered, then the connection broke', async () => {
    const { body } = streamed(5, { breakAfter: 2 });
    fetchMock.mockResolvedValueOnce(new Response(body, { status: 200 }));
    const err = await failure(call());
    expect(err).toMatchObject({ kind: 'dropped', crossOrigin: false });
    expect(err?.message).toBe(
      'The connection to https://gw.example.com/textRemoval/taskStatus broke off while the answer was being read (network error)',
    );
  });
});
