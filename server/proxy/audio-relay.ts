import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import {
  AUDIO_MAGIC_BYTES,
  CONSOLE_FAILURE_FIELD,
  failureEnvelope,
  sniffAudioBytes,
  type AudioRelayFailure,
  type SniffableAudioFormat,
} from '#contract';
import { API_CONTENT_SECURITY_POLICY } from '../security/security-headers';
import { isLocalHost } from '../security/local-address';
import { joinChunks } from '../read-capped';
import { createAudioTickets, type AudioTicket } from './audio-ticket';
import { upstreamDeadline } from './upstream-deadline';

/**
 * In proxy mode the gateway's audio is on another origin without CORS, so the console could not
 * read it (no waveform, no audio kept in history, no PCM playback). The proxy serves it from this
 * origin: GET /api/_console/audio?u=<targetAudioUrl exactly as the gateway returned it>&exp=…&sig=….
 * Only URLs a speech answer carried are served (an allow-list, not an open relay): the proxy adds a
 * ticket to that answer (audio-ticket.ts, HMAC over URL and expiry with the console's secret), so
 * any instance sharing the secret serves it and a restart keeps it; nothing is held in memory.
 * Every rule still applies when it is served: only the gateway's origin or AUDIO_ORIGINS, never a
 * local address, size-capped, without following redirects, and only as audio: the type comes from
 * the bytes, never from the upstream.
 */
export const CONSOLE_AUDIO_PATH = '/_console/audio';
const AUDIO_RELAY_MAX_BYTES = 64 * 1024 * 1024;
/** As long as the embedded gateway keeps audio by default (AUDIO_MAX_AGE_HOURS), so history replays a week on. */
const AUDIO_RELAY_TICKET_MS = 168 * 3_600_000;
/** A longer targetAudioUrl gets no ticket (a hostile gateway sent 3.9 MB ones to fill the heap). */
const AUDIO_RELAY_MAX_URL_CHARS = 4096;
/** Silence the relay waits through: no byte (head or body) for this long and the fetch is given up. */
const AUDIO_RELAY_TIMEOUT_MS = 60_000;
/** However steadily bytes come, a relay ends after this (64 MiB at 40 KB/s); a dripping server holds a slot no longer. */
const AUDIO_RELAY_MAX_MS = 30 * 60_000;

/** The type the relay answers with for what it sniffed; anything else is an attachment. */
const SERVED_TYPE: Record<SniffableAudioFormat, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

export type AudioRelayOptions = {
  /** The gateway's base URL: relative audio URLs resolve against it, and its origin is allowed. */
  gatewayUrl: string;
  /** Further origins the gateway may link audio on (AUDIO_ORIGINS); loopback and link-local never. */
  audioOrigins?: readonly string[];
  /** Signs the tickets (CONSOLE_SECRET or the one kept in DATA_DIR); unset: one for this process only (tests). */
  secret?: string;
  /** How long a ticket is good for. */
  ticketMs?: number;
  fetch?: typeof fetch;
  maxBytes?: number;
  /** Idle timeout: the longest wait for the head or for the body's next bytes (a long file over a slow link still arrives). */
  timeoutMs?: number;
  /** The longest a whole relay may take, however steadily its bytes come. */
  maxMs?: number;
  now?: () => number;
  /** Counts the audio bytes relayed (console_audio_relay_bytes_total). */
  metrics?: { relayBytes(bytes: number): void };
};

type Target = { href: string; origin: string; hostname: string };

export function createAudioRelay(options: AudioRelayOptions) {
  const doFetch = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? AUDIO_RELAY_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? AUDIO_RELAY_TIMEOUT_MS;
  const maxMs = options.maxMs ?? AUDIO_RELAY_MAX_MS;
  const tickets = createAudioTickets({
    secret: options.secret ?? randomBytes(32).toString('hex'),
    ttlMs: options.ticketMs ?? AUDIO_RELAY_TICKET_MS,
    ...(options.now ? { now: options.now } : {}),
  });
  const base = `${options.gatewayUrl.replace(/\/+$/, '')}/`;
  const gatewayOrigin = new URL(base).origin;
  const listed = new Set(options.audioOrigins ?? []);

  /** The gateway's own origin always (even on loopback: the gateway is there); listed ones unless local. */
  const mayFetch = (url: URL) => url.origin === gatewayOrigin || (listed.has(url.origin) && !isLocalHost(url.hostname));

  /** Where a targetAudioUrl (as the gateway returned it) points, if the relay may fetch it. */
  function target(raw: string): Target | null {
    if (raw === '' || raw.length > AUDIO_RELAY_MAX_URL_CHARS) return null;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.href.length > AUDIO_RELAY_MAX_URL_CHARS || !mayFetch(url)) return null;
    return { href: url.href, origin: url.origin, hostname: url.hostname };
  }

  /** The ticket for the audio URL of a speech answer the proxy is passing back (its parsed JSON), if the relay would serve it. */
  function ticketFor(answer: unknown): AudioTicket | null {
    const raw = (answer as { data?: { targetAudioUrl?: unknown } } | null)?.data?.targetAudioUrl;
    if (typeof raw !== 'string' || target(raw) === null) return null;
    return tickets.issue(raw);
  }

  async function serve(c: Context): Promise<Response> {
    const raw = c.req.query('u') ?? '';
    const check = tickets.verify(raw, c.req.query('exp') ?? '', c.req.query('sig') ?? '');
    if (check === 'expired') return refused(c, 404, "This audio link's ticket has expired", { reason: 'audioExpired' });
    const entry = check === 'valid' ? target(raw) : null;
    if (entry === null) return refused(c, 404, 'Not an audio URL the gateway returned through this console', { reason: 'audioNotIssued' });
    // The console itself (its /api/_console/info, its relay) is never fetched, unless the gateway is
    // there. Compared by host name: behind a TLS-terminating proxy this server sees another scheme and port.
    if (entry.hostname === new URL(c.req.url).hostname && entry.origin !== gatewayOrigin) {
      return refused(c, 403, "The proxy does not fetch audio from the console's own origin", { reason: 'audioOwnOrigin' });
    }
    // One of silence: each chunk re-arms it, up to maxMs from the start.
    const deadline = upstreamDeadline(timeoutMs, c.req.raw.signal);
    const started = Date.now();
    const heard = () => {
      if (Date.now() - started < maxMs) deadline.touch();
    };
    const fail = (why: string, failure: AudioRelayFailure) => {
      deadline.end();
      return refused(c, 502, `Gateway unreachable: ${why}`, failure);
    };
    const failed = () =>
      deadline.expired
        ? fail(`no answer within ${timeoutMs} ms`, { reason: 'audioTimeout', seconds: timeoutMs / 1000 })
        : fail('the audio could not be fetched', { reason: 'audioUnreachable' });
    const tooLarge = () =>
      fail(`the audio is larger than ${maxBytes / 1024 / 1024} MiB, so the proxy does not pass it on`, {
        reason: 'audioTooLarge',
        mib: maxBytes / 1024 / 1024,
      });
    let upstream: Response;
    try {
      upstream = await doFetch(entry.href, { redirect: 'manual', signal: deadline.signal });
    } catch {
      return failed();
    }
    heard();
    if (!upstream.ok || !upstream.body) {
      // The upstream's body is never passed on: an envelope it sent (a consoleFailure in it too) stays unread.
      await upstream.body?.cancel().catch(() => undefined);
      return fail(`the audio answered HTTP ${upstream.status}`, { reason: 'audioStatus', status: upstream.status });
    }
    const declared = upstream.headers.get('content-length');
    if (Number(declared) > maxBytes) {
      await upstream.body.cancel().catch(() => undefined);
      return tooLarge();
    }
    const reader = upstream.body.getReader();
    let head: Uint8Array;
    try {
      head = await readHead(reader, AUDIO_MAGIC_BYTES);
    } catch {
      return failed();
    }
    let seen = head.byteLength;
    heard();
    if (seen > maxBytes) {
      reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (head.byteLength > 0) controller.enqueue(head);
        options.metrics?.relayBytes(head.byteLength);
      },
      async pull(controller) {
        try {
          const step = await reader.read();
          if (step.done) {
            deadline.end();
            return controller.close();
          }
          seen += step.value.byteLength;
          heard();
          // Past the cap the response breaks off: the console reports a broken download, not a truncated file.
          if (seen > maxBytes) throw new Error('audio larger than the cap');
          controller.enqueue(step.value);
          options.metrics?.relayBytes(step.value.byteLength);
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

  return { ticketFor, serve };
}

/**
 * The relay's own refusal: an envelope with an English message for logs and curl, marked as the
 * console's server's (CONSOLE_FAILURE_FIELD), so the speech studio words it in the operator's language.
 */
function refused(c: Context, status: 403 | 404 | 502, message: string, failure: AudioRelayFailure): Response {
  return c.json({ ...failureEnvelope(status, message), [CONSOLE_FAILURE_FIELD]: failure }, status);
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
