import { describe, expect, it } from 'vitest';
import { audioRelayFailureSchema, CONSOLE_FAILURE_FIELD } from '#contract';
import { createGatewayProxy } from './gateway-proxy';

// Issue 39: the relay's own refusals carry the consoleFailure marker, so the speech studio words
// them in the operator's language (an expired link: synthesize again); a gateway's words never do.

type Ticket = { exp: number; sig: string };
const AUDIO_URL = 'https://gw.test/files/a.wav';
const FORGED = { reason: 'audioExpired' };

type Options = { now?: () => number; timeoutMs?: number; audioUrl?: string; audioOrigins?: string[] };

function relay(
  audio: (init?: RequestInit) => Response | Promise<Response>,
  { now = () => Date.now(), timeoutMs = 5_000, audioUrl = AUDIO_URL, audioOrigins = [] }: Options = {},
) {
  const upstream = async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith('/textToSpeech')
      ? new Response(JSON.stringify({ code: 0, message: 'OK', data: { targetAudioUrl: audioUrl } }), {
          headers: { 'content-type': 'application/json' },
        })
      : audio(init);
  const app = createGatewayProxy({
    gatewayUrl: 'https://gw.test/api',
    secret: 's'.repeat(32),
    fetch: upstream as typeof fetch,
    now,
    timeoutMs,
    audioOrigins,
  });
  const ticket = async (): Promise<Ticket> => {
    const res = await app.request('/speechSynthesis/textToSpeech', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    return ((await res.json()) as { data: { consoleAudioTicket: Ticket } }).data.consoleAudioTicket;
  };
  const get = (u: string, t?: Ticket, origin = 'http://console.test') =>
    app.request(`${origin}/_console/audio?u=${encodeURIComponent(u)}${t ? `&exp=${t.exp}&sig=${encodeURIComponent(t.sig)}` : ''}`);
  return { ticket, get };
}

/** The relay's answer as the browser reads it: JSON, an envelope with the marker the contract knows. */
async function failureOf(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const json = (await res.json()) as Record<string, unknown>;
  expect(json).toMatchObject({ code: res.status, data: null });
  const failure = json[CONSOLE_FAILURE_FIELD];
  expect(audioRelayFailureSchema.safeParse(failure).success).toBe(true);
  return failure;
}

const wav = () => new Response(new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 65, 86, 69]), { headers: { 'content-type': 'audio/wav' } });

describe("the audio relay's own answers carry consoleFailure", () => {
  it('an expired ticket, and one this server did not sign', async () => {
    let now = Date.parse('2026-11-26T00:00:00Z');
    const r = relay(wav, { now: () => now });
    const ticket = await r.ticket();
    expect(await failureOf(await r.get(AUDIO_URL, { ...ticket, sig: `${ticket.sig}x` }))).toEqual({ reason: 'audioNotIssued' });
    expect(await failureOf(await r.get(AUDIO_URL))).toEqual({ reason: 'audioNotIssued' });
    now += 169 * 3_600_000;
    const expired = await r.get(AUDIO_URL, ticket);
    expect(expired.status).toBe(404);
    expect(await failureOf(expired)).toEqual({ reason: 'audioExpired' });
  });

  it("the console's own origin", async () => {
    const own = 'https://console.test/api/_console/info';
    const r = relay(wav, { audioUrl: own, audioOrigins: ['https://console.test'] });
    const res = await r.get(own, await r.ticket(), 'https://console.test');
    expect(res.status).toBe(403);
    expect(await failureOf(res)).toEqual({ reason: 'audioOwnOrigin' });
  });

  it('an unreachable address, a timeout, a status, and audio over the cap', async () => {
    const down = relay(() => Promise.reject(new TypeError('fetch failed')));
    expect(await failureOf(await down.get(AUDIO_URL, await down.ticket()))).toEqual({ reason: 'audioUnreachable' });
    const silent = relay(
      (init) => new Promise<Response>((_, fail) => init?.signal?.addEventListener('abort', () => fail(init.signal?.reason))),
      { timeoutMs: 50 },
    );
    expect(await failureOf(await silent.get(AUDIO_URL, await silent.ticket()))).toEqual({ reason: 'audioTimeout', seconds: 0.05 });
    const gone = relay(() => new Response('gone', { status: 410 }));
    expect(await failureOf(await gone.get(AUDIO_URL, await gone.ticket()))).toEqual({ reason: 'audioStatus', status: 410 });
    const big = relay(() => new Response('x', { headers: { 'content-length': String(65 * 1024 * 1024) } }));
    expect(await failureOf(await big.get(AUDIO_URL, await big.ticket()))).toEqual({ reason: 'audioTooLarge', mib: 64 });
  });

  it("never passes on the gateway's own envelope: a marker in it is not the console's", async () => {
    const forged = JSON.stringify({ code: 404, message: 'gone', data: null, [CONSOLE_FAILURE_FIELD]: FORGED });
    const refused = relay(() => new Response(forged, { status: 404, headers: { 'content-type': 'application/json' } }));
    const res = await refused.get(AUDIO_URL, await refused.ticket());
    expect(res.status).toBe(502);
    expect(await failureOf(res)).toEqual({ reason: 'audioStatus', status: 404 });
    // Answered 200, it is bytes to save: never JSON, so the browser reads no marker from it.
    const ok = relay(() => new Response(forged, { headers: { 'content-type': 'application/json' } }));
    const served = await ok.get(AUDIO_URL, await ok.ticket());
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment');
  });
});
