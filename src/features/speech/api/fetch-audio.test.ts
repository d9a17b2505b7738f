import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAudio } from './fetch-audio';

const URL_ = 'https://gw.test/audio/a.wav';

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
      return new Response(new Uint8Array([1, 2]), { headers: { 'Content-Type': 'audio/mpeg' } });
    });
    const audio = await fetchAudio(URL_);
    expect(seen).toEqual([URL_, `${window.location.origin}/api/_console/audio?u=${encodeURIComponent(URL_)}`]);
    expect(audio).toMatchObject({ kept: true, contentType: 'audio/mpeg' });
  });

  it('keeps the take without its bytes when the relay does not know the URL either', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      if (String(input) === URL_) throw new TypeError('Failed to fetch');
      return new Response('{"code":404}', { status: 404 });
    });
    expect(await fetchAudio(URL_)).toEqual({
      kept: false,
      reason: 'The page may not read this audio URL (another origin without CORS, or unreachable)',
    });
  });

  it('keeps the bytes of a readable answer', async () => {
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'audio/wav' } }));
    const audio = await fetchAudio(URL_);
    expect(audio).toMatchObject({ kept: true, contentType: 'audio/wav' });
    expect(audio.kept && audio.blob.size).toBe(3);
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

  it('says why when the URL cannot be read or answers an error', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchAudio(URL_)).toMatchObject({ kept: false, reason: expect.stringContaining('CORS') });
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    expect(await fetchAudio(URL_)).toEqual({ kept: false, reason: 'The audio URL answered HTTP 404' });
  });
});
