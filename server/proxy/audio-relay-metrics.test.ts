import { describe, expect, it } from 'vitest';
import { createConsoleMetrics } from '../observability/console-metrics';
import { createGatewayProxy } from './gateway-proxy';

const AUDIO = new Uint8Array(44 + 3_000).fill(7);
AUDIO.set(new TextEncoder().encode('RIFF'), 0);
AUDIO.set(new TextEncoder().encode('WAVEfmt '), 8);

const value = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.slice(series.length + 1),
  );

describe('audio relay metrics', () => {
  it('counts the bytes the relay sends, and the relay fetch is not an operation label', async () => {
    const metrics = createConsoleMetrics({ version: 't', mode: 'proxy' });
    const upstream = async (input: RequestInfo | URL) =>
      String(input).endsWith('/textToSpeech')
        ? new Response(JSON.stringify({ code: 0, message: 'OK', data: { targetAudioUrl: '/files/audio/1.wav', speeches: [] } }), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response(AUDIO, { headers: { 'content-type': 'audio/wav' } });
    const app = createGatewayProxy({ gatewayUrl: 'https://gw.test/api', fetch: upstream as typeof fetch, metrics });
    const answer = await app.request('/speechSynthesis/textToSpeech', {
      method: 'POST',
      body: '{"sourceText":"Hi."}',
      headers: { 'content-type': 'application/json' },
    });
    // The relay serves a URL only with the ticket the speech answer carried.
    const { data } = (await answer.json()) as { data: { consoleAudioTicket: { exp: number; sig: string } } };
    const { exp, sig } = data.consoleAudioTicket;
    for (let i = 0; i < 2; i++) {
      const res = await app.request(
        `http://console.test/_console/audio?u=${encodeURIComponent('/files/audio/1.wav')}&exp=${exp}&sig=${encodeURIComponent(sig)}`,
      );
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(AUDIO.byteLength);
    }
    const text = await metrics.registry.metrics();
    expect(value(text, 'console_audio_relay_bytes_total')).toBe(2 * AUDIO.byteLength);
    expect(value(text, 'console_upstream_request_duration_seconds_count{operation="textToSpeech"}')).toBe(1);
    expect(text).not.toContain('/files/audio/1.wav');
  });
});
