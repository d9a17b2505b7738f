import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAudio } from './fetch-audio';
import { NotAudioError } from './not-audio-error';
import { setLocale } from '@/i18n/i18n-store';

const URL_ = 'https://gw.test/audio/a.wav';
const RIFF = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 65, 86, 69, 0]);
const ID3 = new Uint8Array([73, 68, 51, 4, 0]);
const PAGE = `<!doctype html><html><head><title>Sign in</title><script>alert(1)</script></head><body>\n${'<p>filler</p>'.repeat(30)}</body></html>`;
const html = (status = 200) => new Response(PAGE, { status, headers: { 'Content-Type': 'text/html;charset=UTF-8' } });

/** A fetch that answers headers at once and then holds the body until the request is aborted. */
function stallingBody(): typeof fetch {
  return async (_input, init) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([82, 73, 70, 70]));
        init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'audio/wav' } });
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchAudio', () => {
  it('reads audio another origin will not share through the console server relay', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      seen.push(String(input));
      if (String(input) === URL_) throw new TypeError('Failed to fetch');
      return new Response(ID3, { headers: { 'Content-Type': 'audio/mpeg' } });
    });
    const audio = await fetchAudio(URL_, undefined, { ticket: { exp: 1_900_000_000, sig: 'abc-_9' } });
    expect(seen).toEqual([URL_, `${window.location.origin}/api/_console/audio?u=${encodeURIComponent(URL_)}&exp=1900000000&sig=abc-_9`]);
    expect(audio).toMatchObject({ kept: true, contentType: 'audio/mpeg', format: 'mp3' });
  });

  it('does not ask the relay for an answer that carried no ticket (not through a console proxy)', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      seen.push(String(input));
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchAudio(URL_)).toMatchObject({ kept: false });
    expect(seen).toEqual([URL_]);
  });

  it('keeps the take without its bytes when the relay does not know the URL either', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      if (String(input) === URL_) throw new TypeError('Failed to fetch');
      return new Response('{"code":404}', { status: 404 });
    });
    expect(await fetchAudio(URL_, undefined, { ticket: { exp: 1, sig: 'x' } })).toEqual({
      kept: false,
      reason: 'The page may not read this audio URL (another origin without CORS, or unreachable)',
    });
  });

  // Issue 39: the relay's own refusal (its consoleFailure) is worded as the console's server's, with advice that fits.
  const relayRefusal = (status: number, consoleFailure: unknown) =>
    new Response(JSON.stringify({ code: status, message: 'Gateway unreachable: …', data: null, consoleFailure }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  const throughRelay = (relayAnswer: () => Response) =>
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      if (String(input) === URL_) throw new TypeError('Failed to fetch');
      return relayAnswer();
    });
  const TICKET = { ticket: { exp: 1, sig: 'x' } };

  it("words the relay's own refusals as the console's server's: an expired link, the audio's status, a size", async () => {
    throughRelay(() => relayRefusal(404, { reason: 'audioExpired' }));
    expect(await fetchAudio(URL_, undefined, TICKET)).toEqual({
      kept: false,
      reason: 'Console’s server: This audio link has expired, so it did not fetch the audio. Synthesize again for a new link.',
    });
    throughRelay(() => relayRefusal(502, { reason: 'audioStatus', status: 410 }));
    expect(await fetchAudio(URL_, undefined, TICKET)).toMatchObject({
      reason: expect.stringMatching(/^Console’s server: The audio’s address answered HTTP 410 .*synthesize again/),
    });
    throughRelay(() => relayRefusal(502, { reason: 'audioTooLarge', mib: 64 }));
    expect(await fetchAudio(URL_, undefined, TICKET)).toMatchObject({ reason: expect.stringContaining('larger than 64 MiB') });
  });

  it("words the relay's refusals in Chinese, labelled as the console's server's", async () => {
    await setLocale('zh-CN');
    try {
      throughRelay(() => relayRefusal(404, { reason: 'audioExpired' }));
      expect(await fetchAudio(URL_, undefined, TICKET)).toEqual({
        kept: false,
        reason: '控制台服务器：此音频链接已过期，因此没有获取音频。请重新合成以获得新链接。',
      });
      throughRelay(() => relayRefusal(404, { reason: 'audioNotIssued' }));
      expect(await fetchAudio(URL_, undefined, TICKET)).toMatchObject({ reason: expect.stringMatching(/^控制台服务器：.*CONSOLE_SECRET/) });
    } finally {
      await setLocale('en');
    }
  });

  it('keeps the generic reason for a relay answer without a marker the contract knows', async () => {
    throughRelay(() => relayRefusal(502, { reason: 'somethingElse' }));
    expect(await fetchAudio(URL_, undefined, TICKET)).toMatchObject({ reason: expect.stringContaining('CORS') });
    throughRelay(() => new Response('<html>proxy error</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    expect(await fetchAudio(URL_, undefined, TICKET)).toMatchObject({ reason: expect.stringContaining('CORS') });
  });

  it('keeps the bytes of a readable answer', async () => {
    vi.stubGlobal('fetch', async () => new Response(RIFF, { headers: { 'Content-Type': 'audio/wav' } }));
    const audio = await fetchAudio(URL_);
    expect(audio).toMatchObject({ kept: true, contentType: 'audio/wav', format: 'wav' });
    expect(audio.kept && audio.blob.size).toBe(RIFF.length);
  });

  it('does not keep audio whose declared length is above the cap', async () => {
    vi.stubGlobal('fetch', async () => new Response('x'.repeat(10), { headers: { 'Content-Length': String(2 * 1024 * 1024) } }));
    expect(await fetchAudio(URL_, undefined, { maxBytes: 1024 * 1024 })).toEqual({
      kept: false,
      reason: 'The audio is larger than 1 MiB, so this browser does not keep it',
    });
  });

  it('keeps the take without its bytes when the download stalls past the timeout', async () => {
    vi.stubGlobal('fetch', stallingBody());
    expect(await fetchAudio(URL_, undefined, { timeoutMs: 50 })).toEqual({
      kept: false,
      reason: 'The audio did not finish downloading within 0.05 s',
    });
  });

  it('throws when the operator cancels, so nothing is kept', async () => {
    vi.stubGlobal('fetch', stallingBody());
    const controller = new AbortController();
    const pending = fetchAudio(URL_, controller.signal, { timeoutMs: 10_000 });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toBeDefined();
  });

  it('says why when the URL cannot be read', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchAudio(URL_)).toMatchObject({ kept: false, reason: expect.stringContaining('CORS') });
  });

  it('refuses an HTML page answered with HTTP 200: it is described (status, type, first bytes as escaped text), not kept', async () => {
    vi.stubGlobal('fetch', async () => html());
    const error = await fetchAudio(URL_).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAudioError);
    const message = (error as Error).message;
    expect(message).toContain('The audio URL answered HTTP 200 (text/html;charset=UTF-8');
    expect(message).toContain(`${new Blob([PAGE]).size} bytes`);
    expect(message).toContain(
      'which is not audio: "<!doctype html><html><head><title>Sign in</title><script>alert(1)</script></head><body>\\n<p>filler',
    );
    expect(message).toMatch(/…$/);
    expect(message.length).toBeLessThan(400);
  });

  it('refuses text however it is typed: a page relayed as an octet-stream when raw PCM was asked for, or JSON', async () => {
    vi.stubGlobal('fetch', async () => new Response(PAGE, { headers: { 'Content-Type': 'application/octet-stream' } }));
    await expect(fetchAudio(URL_, undefined, { requested: 'pcm' })).rejects.toThrow(
      /HTTP 200 \(application\/octet-stream.*not audio: "<!doctype html>/,
    );
    vi.stubGlobal('fetch', async () => new Response('{"code":404,"message":"gone"}', { headers: { 'Content-Type': 'audio/wav' } }));
    await expect(fetchAudio(URL_)).rejects.toThrow('not audio: "{\\"code\\":404,\\"message\\":\\"gone\\"}"');
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array(0), { headers: { 'Content-Type': 'audio/wav' } }));
    await expect(fetchAudio(URL_)).rejects.toThrow('HTTP 200 (audio/wav, 0 bytes), which is not audio: no bytes at all');
  });

  it('keeps raw PCM (no magic) when PCM was asked for, and refuses bytes that are neither WAV nor MP3 otherwise', async () => {
    const pcm = new Uint8Array([0, 0, 12, 0, 250, 255, 3, 1, 0, 0]);
    vi.stubGlobal('fetch', async () => new Response(pcm, { headers: { 'Content-Type': 'application/octet-stream' } }));
    expect(await fetchAudio(URL_, undefined, { requested: 'pcm' })).toMatchObject({ kept: true, format: 'pcm' });
    await expect(fetchAudio(URL_, undefined, { requested: 'wav' })).rejects.toThrow(/not audio: "\\u0000\\u0000\\f\\u0000/);
    vi.stubGlobal('fetch', async () => new Response(RIFF, { headers: { 'Content-Type': 'application/octet-stream' } }));
    // The gateway falls back to wav for a format it does not know: the bytes say what the take is.
    expect(await fetchAudio(URL_, undefined, { requested: 'pcm' })).toMatchObject({ kept: true, format: 'wav' });
  });

  it('refuses a readable HTTP error page too, describing it', async () => {
    vi.stubGlobal('fetch', async () => html(404));
    await expect(fetchAudio(URL_)).rejects.toThrow(
      /^The audio URL answered HTTP 404 \(text\/html;charset=UTF-8\), which is not audio: "<!doctype html>/,
    );
  });
});
