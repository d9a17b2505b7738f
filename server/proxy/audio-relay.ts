import type { Context } from 'hono';
import { failureEnvelope } from '../../src/contract';

/**
 * In proxy mode the gateway's audio is on another origin without CORS, so the console could not
 * read it (no waveform, no audio kept in history, no PCM playback). The proxy serves it from this
 * origin: GET /api/_console/audio?u=<targetAudioUrl exactly as the gateway returned it>.
 * Only URLs a speech answer just carried are served (an allow-list, not an open relay), for a
 * limited time, size-capped, without following redirects.
 */
export const CONSOLE_AUDIO_PATH = '/_console/audio';
export const AUDIO_RELAY_MAX_BYTES = 64 * 1024 * 1024;
export const AUDIO_RELAY_TTL_MS = 30 * 60_000;
const MAX_REMEMBERED = 5_000;

export type AudioRelayOptions = {
  /** The gateway's base URL: relative audio URLs resolve against it. */
  gatewayUrl: string;
  fetch?: typeof fetch;
  maxBytes?: number;
  ttlMs?: number;
  timeoutMs?: number;
  now?: () => number;
};

export function createAudioRelay(options: AudioRelayOptions) {
  const doFetch = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? AUDIO_RELAY_MAX_BYTES;
  const ttlMs = options.ttlMs ?? AUDIO_RELAY_TTL_MS;
  const now = options.now ?? Date.now;
  const base = `${options.gatewayUrl.replace(/\/+$/, '')}/`;
  /** As returned by the gateway → the absolute URL and when it stops being served. */
  const recent = new Map<string, { href: string; until: number }>();

  /** Notes the audio URL of a speech answer the proxy just passed back (the bytes as sent). */
  function remember(answer: Uint8Array): void {
    let raw: unknown;
    try {
      raw = (JSON.parse(new TextDecoder().decode(answer)) as { data?: { targetAudioUrl?: unknown } } | null)?.data?.targetAudioUrl;
    } catch {
      return;
    }
    if (typeof raw !== 'string' || raw === '') return;
    let href: string;
    try {
      const url = new URL(raw, base);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      href = url.href;
    } catch {
      return;
    }
    recent.delete(raw);
    recent.set(raw, { href, until: now() + ttlMs });
    if (recent.size > MAX_REMEMBERED) recent.delete(recent.keys().next().value!);
  }

  async function serve(c: Context): Promise<Response> {
    const raw = c.req.query('u') ?? '';
    const entry = recent.get(raw);
    if (!entry || entry.until < now()) {
      return c.json(failureEnvelope(404, 'Not an audio URL the gateway returned recently through this proxy'), 404);
    }
    let upstream: Response;
    try {
      upstream = await doFetch(entry.href, { redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs ?? 60_000) });
    } catch {
      return c.json(failureEnvelope(502, 'Gateway unreachable: the audio could not be fetched'), 502);
    }
    if (!upstream.ok || !upstream.body) {
      await upstream.body?.cancel();
      return c.json(failureEnvelope(502, `Gateway unreachable: the audio answered HTTP ${upstream.status}`), 502);
    }
    if (Number(upstream.headers.get('content-length')) > maxBytes) {
      await upstream.body.cancel();
      return c.json(failureEnvelope(502, `The audio is larger than ${maxBytes / 1024 / 1024} MiB, so the proxy does not pass it on`), 502);
    }
    let seen = 0;
    const capped = upstream.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          // Past the cap the response breaks off: the console reports a broken download, not a truncated file.
          if (seen > maxBytes) controller.error(new Error('audio larger than the cap'));
          else controller.enqueue(chunk);
        },
      }),
    );
    const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
    for (const name of ['content-type', 'content-length']) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(capped, { status: 200, headers });
  }

  return { remember, serve };
}
