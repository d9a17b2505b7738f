import { describe, expect, it } from 'vitest';
import { createGatewayProxy } from './gateway-proxy';

/** An upstream that answers every request with this status, Retry-After and envelope. */
const upstreamAnswering = (status: number, retryAfter: string | null) =>
  (() =>
    Promise.resolve(
      new Response(JSON.stringify({ code: status, message: 'Busy: full', data: null }), {
        status,
        headers: { 'Content-Type': 'application/json', ...(retryAfter === null ? {} : { 'Retry-After': retryAfter }) },
      }),
    )) as typeof fetch;

const post = (api: ReturnType<typeof createGatewayProxy>) =>
  api.request('/speechSynthesis/textToSpeech', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-User-Id': '1' },
    body: JSON.stringify({ sourceText: 'hi', voiceName: 'en-us' }),
  });

describe('proxy mode: a 429 keeps its Retry-After', () => {
  it("passes the upstream's Retry-After (seconds or an HTTP date) on with its 429", async () => {
    for (const value of ['7', 'Wed, 21 Oct 2026 07:28:00 GMT']) {
      const res = await post(createGatewayProxy({ gatewayUrl: 'http://upstream.invalid/api', fetch: upstreamAnswering(429, value) }));
      expect(res.status).toBe(429);
      expect(res.headers.get('Retry-After')).toBe(value);
      expect(await res.json()).toMatchObject({ code: 429, data: null });
    }
  });

  it('says nothing it was not told, and drops a Retry-After that is neither seconds nor a date', async () => {
    const none = await post(createGatewayProxy({ gatewayUrl: 'http://upstream.invalid/api', fetch: upstreamAnswering(429, null) }));
    expect(none.headers.get('Retry-After')).toBeNull();
    const junk = await post(
      createGatewayProxy({ gatewayUrl: 'http://upstream.invalid/api', fetch: upstreamAnswering(503, '<script>x</script>') }),
    );
    expect(junk.status).toBe(503);
    expect(junk.headers.get('Retry-After')).toBeNull();
  });
});
