import type { Context } from 'hono';
import { AUDIO_MAGIC_BYTES, failureEnvelope, sniffAudioBytes, type SniffableAudioFormat } from '#contract';
import { API_CONTENT_SECURITY_POLICY } from '../security/security-headers';
import { isLocalHost } from '../security/local-address';
import { joinChunks } from '../read-capped';
import { upstreamDeadline } from './upstream-deadline';

/**
 * In proxy mode the gateway's audio is on another origin without CORS, so the console could not
 * read it (no waveform, no audio kept in history, no PCM playback). The proxy serves it from this
 * origin: GET /api/_console/audio?u=<targetAudioUrl exactly as the gateway returned it>.
 * Only URLs a speech answer just carried are served (an allow-list, not an open relay), only on
 * the gateway's origin or AUDIO_ORIGINS, for a limited time, size-capped, without following
 * redirects, and only as audio: the type comes from the bytes, never from the upstream.
 */
export const CONSOLE_AUDIO_PATH = '/_console/audio';
const AUDIO_RELAY_MAX_BYTES = 64 * 1024 * 1024;
const AUDIO_RELAY_TTL_MS = 30 * 60_000;
/** A longer targetAudioUrl is not kept (a hostile gateway sent 3.9 MB ones to fill the heap). */
const AUDIO_RELAY_MAX_URL_CHARS = 4096;
/** All URLs kept, as given and resolved, in characters (~4 MB of strings); the oldest go first. */
const AUDIO_RELAY_MAX_REMEMBERED_CHARS = 2_000_000;
const AUDIO_RELAY_TIMEOUT_MS = 60_000;

/** The type the relay answers with for what it sniffed; anything else is an attachment. */
const SERVED_TYPE: Record<SniffableAudioFormat, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

export type AudioRelayOptions = {
  /** The gateway's base URL: relative audio URLs resolve against it, and its origin is allowed. */
  gatewayUrl: string;
  /** Further origins the gateway may link audio on (AUDIO_ORIGINS); loopback and link-local never. */
  audioOrigins?: readonly string[];
  fetch?: typeof fetch;
  maxBytes?: number;
  ttlMs?: number;
  /** For the whole fetch: headers and body. */
  timeoutMs?: number;
  maxRememberedChars?: number;
  now?: () => number;
};

type Entry = { href: string; origin: string; hostname: string; until: number; chars: number };

export function createAudioRelay(options: AudioRelayOptions) {
  const doFetch = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? AUDIO_RELAY_MAX_BYTES;
  const ttlMs = options.ttlMs ?? AUDIO_RELAY_TTL_MS;
  const timeoutMs = options.timeoutMs ?? AUDIO_RELAY_TIMEOUT_MS;
  const maxChars = options.maxRememberedChars ?? AUDIO_RELAY_MAX_REMEMBERED_CHARS;
  const now = options.now ?? Date.now;
  const base = `${options.gatewayUrl.replace(/\/+$/, '')}/`;
  const gatewayOrigin = new URL(base).origin;
  const listed = new Set(options.audioOrigins ?? []);
  /** As returned by the gateway → the absolute URL and when it stops being served; oldest first. */
  const recent = new Map<string, Entry>();
  let chars = 0;

  /** The gateway's own origin always (even on loopback: the gateway is there); listed ones unless local. */
  const mayFetch = (url: URL) => url.origin === gatewayOrigin || (listed.has(url.origin) && !isLocalHost(url.hostname));

  function forget(key: string): void {
    const entry = recent.get(key);
    if (!entry) return;
    recent.delete(key);
    chars -= entry.chars;
  }

  /** Notes the audio URL of a speech answer the proxy just passed back (its parsed JSON). */
  function remember(answer: unknown): void {
    const raw = (answer as { data?: { targetAudioUrl?: unknown } } | null)?.data?.targetAudioUrl;
    if (typeof raw !== 'string' || raw === '' || raw.length > AUDIO_RELAY_MAX_URL_CHARS) return;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    if (url.username || url.password || url.href.length > AUDIO_RELAY_MAX_URL_CHARS || !mayFetch(url)) return;
    forget(raw);
    const entry = { href: url.href, origin: url.origin, hostname: url.hostname, until: now() + ttlMs, chars: raw.length + url.href.length };
    recent.set(raw, entry);
    chars += entry.chars;
    // Oldest first: the expired, then whatever exceeds the budget.
    for (const [key, old] of recent) {
      if (old.until >= now() && chars <= maxChars) break;
      forget(key);
    }
  }

  async function serve(c: Context): Promise<Response> {
    const raw = c.req.query('u') ?? '';
    const entry = recent.get(raw);
    if (!entry || entry.until < now()) {
      return c.json(failureEnvelope(404, 'Not an audio URL the gateway returned recently through this proxy'), 404);
    }
    // The console itself (its /api/_console/info, its relay) is never fetched, unless the gateway is
    // there. Compared by host name: behind a TLS-terminating proxy this server sees another scheme and port.
    if (entry.hostname === new URL(c.req.url).hostname && entry.origin !== gatewayOrigin) {
      return c.json(failureEnvelope(403, "The proxy does not fetch audio from the console's own origin"), 403);
    }
    const deadline = upstreamDeadline(timeoutMs, c.req.raw.signal);
    const fail = (why: string) => {
      deadline.end();
      return c.json(failureEnvelope(502, `Gateway unreachable: ${why}`), 502);
    };
    const failed = () => fail(deadline.expired ? `no answer within ${timeoutMs} ms` : 'the audio could not be fetched');
    let upstream: Response;
    try {
      upstream = await doFetch(entry.href, { redirect: 'manual', signal: deadline.signal });
    } catch {
      return failed();
    }
    if (!upstream.ok || !upstream.body) {
      await upstream.body?.cancel().catch(() => undefined);
      return fail(`the audio answered HTTP ${upstream.status}`);
    }
    const declared = upstream.headers.get('content-length');
    if (Number(declared) > maxBytes) {
      await upstream.body.cancel().catch(() => undefined);
      return fail(`the audio is larger than ${maxBytes / 1024 / 1024} MiB, so the proxy does not pass it on`);
    }
    const reader = upstream.body.getReader();
    let head: Uint8Array;
    try {
      head = await readHead(reader, AUDIO_MAGIC_BYTES);
    } catch {
      return failed();
    }
    let seen = head.byteLength;
    if (seen > maxBytes) {
      reader.cancel().catch(() => undefined);
      return fail(`the audio is larger than ${maxBytes / 1024 / 1024} MiB, so the proxy does not pass it on`);
    }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (head.byteLength > 0) controller.enqueue(head);
      },
      async pull(controller) {
        try {
          const step = await reader.read();
          if (step.done) {
            deadline.end();
            return controller.close();
          }
          seen += step.value.byteLength;
          // Past the cap the response breaks off: the console reports a broken download, not a truncated file.
          if (seen > maxBytes) throw new Error('audio larger than the cap');
          controller.enqueue(step.value);
        } catch (err) {
          deadline.end();
          reader.cancel().catch(() => undefined);
          controller.error(err);
        }
      },
      cancel(reason) {
        deadline.end();
        return reader.cancel(reason).catch(() => undefined);
      },
    });
    const kind = sniffAudioBytes(head);
    const headers = new Headers({
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
      // Raw PCM (the spec's pcm format has no magic), or whatever else: bytes to save, never to render.
      'Content-Type': kind ? SERVED_TYPE[kind] : 'application/octet-stream',
    });
    if (!kind) headers.set('Content-Disposition', 'attachment');
    if (declared !== null && /^\d+$/.test(declared)) headers.set('Content-Length', declared);
    return new Response(body, { status: 200, headers });
  }

  return { remember, serve, rememberedChars: () => chars };
}

/** At least `count` bytes from the start of the stream (fewer only if it ends first). */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < count) {
    const step = await reader.read();
    if (step.done) break;
    chunks.push(step.value);
    total += step.value.byteLength;
  }
  return chunks.length === 1 ? chunks[0]! : joinChunks(chunks, total);
}
