import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_PCM } from '@/contract';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { makeTake } from './make-take';

const connection: Connection = { gatewayUrl: 'https://gw.test', token: 'secret', userId: '42', channel: '', appSource: '' };
const input = { connection, request: { sourceText: 'Hello.', voiceName: 'en-us' }, pcmFormat: { ...EMBEDDED_PCM } };
const AUDIO_URL = 'https://gw.test/audio/a.wav';
const speechAnswer = () =>
  new Response(
    JSON.stringify({
      code: 0,
      message: 'OK',
      data: { taskId: 'Service_AI_1', targetAudioUrl: AUDIO_URL, sourceLanguages: 'en', targetLanguages: 'en', speeches: [] },
    }),
    { headers: { 'Content-Type': 'application/json' } },
  );
const RIFF = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 65, 86, 69]);

afterEach(() => vi.unstubAllGlobals());

describe('makeTake', () => {
  it('synthesizes, fetches the audio and builds a take without the token', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(speechAnswer()).mockResolvedValueOnce(new Response(RIFF));
    vi.stubGlobal('fetch', fetchMock);
    const { take, audio } = await makeTake(input, new AbortController().signal);
    expect(fetchMock.mock.calls[1]?.[0]).toBe(AUDIO_URL);
    expect(audio?.size).toBe(RIFF.length);
    expect(take).toMatchObject({ format: 'wav', audio: { kept: true, byteLength: RIFF.length }, result: { taskId: 'Service_AI_1' } });
    expect(JSON.stringify(take)).not.toContain('secret');
  });

  it('keeps the take without bytes when the page may not read the audio URL', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(speechAnswer()).mockRejectedValue(new TypeError('Failed to fetch')));
    const { take, audio } = await makeTake(input, new AbortController().signal);
    expect(audio).toBeNull();
    expect(take.audio).toMatchObject({ kept: false, reason: expect.stringContaining('CORS') });
  });

  it('makes no take when the audio URL answers something that is not audio: an error naming the task', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(speechAnswer())
        .mockResolvedValueOnce(new Response('<html>Sign in</html>', { headers: { 'Content-Type': 'text/html' } })),
    );
    const error = await makeTake(input, new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ kind: 'contract' });
    expect((error as Error).message).toMatch(
      /^The audio URL answered HTTP 200 \(text\/html, 20 bytes\), which is not audio: "<html>Sign in<\/html>"\./,
    );
    expect((error as Error).message).toContain('Nothing was kept from task Service_AI_1.');
  });

  it('drops the take when the one signal is aborted during the audio download', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(speechAnswer())
        .mockImplementationOnce((_url, init) => {
          controller.abort();
          return Promise.reject(init?.signal?.reason);
        }),
    );
    const error = await makeTake(input, controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ kind: 'aborted', message: 'Request cancelled' });
  });
});
