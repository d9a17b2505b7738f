import { describe, expect, it, vi } from 'vitest';
import { createGatewayProxy } from './gateway-proxy';

const AUDIO = new Uint8Array(2_000).fill(7);
const answer = (targetAudioUrl: string) =>
  new Response(JSON.stringify({ code: 0, message: 'OK', data: { targetAudioUrl, speeches: [] } }), {
    headers: { 'content-type': 'application/json' },
  });

function proxyWith(audioUrl: string, audio: () => Response = () => new Response(AUDIO, { headers: { 'content-type': 'audio/wav' } })) {
  const upstream = vi.fn(async (input: RequestInfo | URL) => (String(input).endsWith('/textToSpeech') ? answer(audioUrl) : audio()));
  const app = createGatewayProxy({ gatewayUrl: 'https://gw.test/api', fetch: upstream as typeof fetch });
  const speak = () =>
    app.request('/speechSynthesis/textToSpeech', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  const fetchAudio = (u: string) => app.request(`/_console/audio?u=${encodeURIComponent(u)}`);
  return { upstream, speak, fetchAudio };
}

describe('audio relay (proxy mode)', () => {
  it('serves, from this origin, the audio URL a speech answer just carried', async () => {
    const { speak, fetchAudio, upstream } = proxyWith('https://files.test/a/1.wav');
    expect((await fetchAudio('https://files.test/a/1.wav')).status).toBe(404);
    await speak();
    const res = await fetchAudio('https://files.test/a/1.wav');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO);
    expect(upstream).toHaveBeenLastCalledWith('https://files.test/a/1.wav', expect.objectContaining({ redirect: 'manual' }));
  });

  it('resolves a relative audio URL against the gateway, and relays nothing else', async () => {
    const { speak, fetchAudio, upstream } = proxyWith('/files/audio/2.mp3');
    await speak();
    expect((await fetchAudio('/files/audio/2.mp3')).status).toBe(200);
    expect(upstream).toHaveBeenLastCalledWith('https://gw.test/files/audio/2.mp3', expect.anything());
    for (const other of ['/files/audio/3.mp3', 'http://169.254.169.254/latest', 'file:///etc/passwd', '']) {
      expect((await fetchAudio(other)).status).toBe(404);
    }
  });

  it('refuses audio above the size cap (declared) and a redirect', async () => {
    const big = proxyWith(
      'https://files.test/big.wav',
      () => new Response('x', { headers: { 'content-length': String(65 * 1024 * 1024) } }),
    );
    await big.speak();
    const res = await big.fetchAudio('https://files.test/big.wav');
    expect(res.status).toBe(502);
    expect(await res.text()).toContain('larger than 64 MiB');
    const moved = proxyWith(
      'https://files.test/r.wav',
      () => new Response(null, { status: 302, headers: { location: 'http://evil.test/' } }),
    );
    await moved.speak();
    expect((await moved.fetchAudio('https://files.test/r.wav')).status).toBe(502);
  });
});
