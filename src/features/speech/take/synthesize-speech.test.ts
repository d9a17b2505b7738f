import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { synthesizeSpeech } from './synthesize-speech';

const connection: Connection = { gatewayUrl: 'https://gw.test', token: 't', userId: '42', channel: '', appSource: '' };
const request = { sourceText: 'Hello.', voiceName: 'en-us' };
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const answerWithAudioUrl = (targetAudioUrl: string) =>
  fetchMock.mockResolvedValueOnce(
    new Response(
      JSON.stringify({
        code: 0,
        message: 'OK',
        data: { taskId: 'Service_AI_1', targetAudioUrl, sourceLanguage: 'en', targetLanguage: 'en' },
      }),
    ),
  );

describe('synthesizeSpeech', () => {
  it('returns a result whose audio URL is http(s)', async () => {
    answerWithAudioUrl('https://gw.test/files/a.wav');
    await expect(synthesizeSpeech({ connection, request })).resolves.toMatchObject({ targetAudioUrl: 'https://gw.test/files/a.wav' });
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/a.wav', 'vbscript:x'])(
    'refuses the audio URL %j as a contract error',
    async (url) => {
      answerWithAudioUrl(url);
      const error = await synthesizeSpeech({ connection, request }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(GatewayRequestError);
      expect(error).toMatchObject({ kind: 'contract', operation: 'textToSpeech' });
      expect((error as Error).message).toMatch(/audio URL is not an absolute http\(s\) URL/);
    },
  );
});
