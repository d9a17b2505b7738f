import { DEFAULT_AUDIO_FORMAT, type AudioFormat, type AudioTicket } from '@/contract';
import { t } from '@/i18n/i18n-store';
import { AUDIO_CHECK_BYTES, audioFormatOfBytes } from './sniff-audio';
import { describeNotAudio, NotAudioError } from './not-audio-error';
import { relayRefusalReason } from './relay-refusal';
import { encodeUriComponentSafe } from '@/lib/uri-component';

/** format: what the bytes are (checked, not taken from the Content-Type or the request). */
type FetchedAudio = { kept: true; blob: Blob; contentType: string; format: AudioFormat } | { kept: false; reason: string };

/** How long the audio download may take before the take is kept without its bytes. */
const AUDIO_DOWNLOAD_TIMEOUT_MS = 60_000;
/** Audio larger than this (by its declared length) is played from the URL, not kept. 5,000 characters of WAV are about 15 MB. */
const MAX_KEPT_AUDIO_BYTES = 64 * 1024 * 1024;

/**
 * requested: the format asked for; only then are bytes without WAV or MP3 magic taken as raw PCM.
 * ticket: the console proxy's relay ticket from the speech answer (consoleAudioTicket); without one the relay is not asked.
 */
type Options = { timeoutMs?: number; maxBytes?: number; requested?: AudioFormat; ticket?: AudioTicket | undefined };

/**
 * The audio bytes behind targetAudioUrl, so history can keep them. When they can't or shouldn't be
 * kept (another origin without CORS, too large, too slow) the take still stands: the player uses
 * the URL directly and history says why. An answer the page did read but that is not audio (an
 * HTML page, with any status; JSON; nothing) throws NotAudioError, as does the operator's cancel.
 * Reasons are worded in the operator's language when the take is made, and kept so with it.
 */
export async function fetchAudio(
  url: string,
  signal?: AbortSignal,
  { timeoutMs = AUDIO_DOWNLOAD_TIMEOUT_MS, maxBytes = MAX_KEPT_AUDIO_BYTES, requested = DEFAULT_AUDIO_FORMAT, ticket }: Options = {},
): Promise<FetchedAudio> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  // The operator's cancel propagates; a timeout or any other failure keeps the take without its bytes.
  const notKept = (error: unknown, reason: string): FetchedAudio => {
    if (signal?.aborted) throw error;
    return { kept: false, reason: timeout.aborted ? t('speech.audio.timeout', { seconds: String(timeoutMs / 1000) }) : reason };
  };
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', signal: combined });
  } catch (e) {
    const unreadable = t('speech.audio.unreadable');
    const relayed = combined.aborted || !ticket ? null : relayUrl(url, ticket);
    if (relayed === null) return notKept(e, unreadable);
    try {
      response = await fetch(relayed, { credentials: 'omit', signal: combined });
    } catch (e2) {
      return notKept(e2, unreadable);
    }
    // The console's own relay says why in its own words (an expired link: synthesize again).
    if (!response.ok) return { kept: false, reason: (await relayRefusalReason(response).catch(() => null)) ?? unreadable };
  }
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!response.ok) {
    const head = await readHead(response, AUDIO_CHECK_BYTES).catch(() => new Uint8Array(0));
    const declared = response.headers.get('Content-Length');
    const size = declared !== null && /^\d+$/.test(declared) ? Number(declared) : null;
    throw new NotAudioError(describeNotAudio({ status: response.status, contentType, size, head }));
  }
  if (Number(response.headers.get('Content-Length')) > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    return { kept: false, reason: t('speech.audio.tooLarge', { mib: Math.round(maxBytes / 1024 / 1024) }) };
  }
  let blob: Blob;
  try {
    // A Blob is filled by the network stack; an ArrayBuffer would be copied through the main thread.
    blob = await response.blob();
  } catch (e) {
    return notKept(e, t('speech.audio.brokeOff'));
  }
  // Kept as audio only if the bytes are audio: a gateway or a sign-in wall may answer a page with 200.
  const head = new Uint8Array(await blob.slice(0, AUDIO_CHECK_BYTES).arrayBuffer());
  const format = audioFormatOfBytes(head, requested);
  if (!format) throw new NotAudioError(describeNotAudio({ status: response.status, contentType, size: blob.size, head }));
  return { kept: true, blob, contentType, format };
}

/** Up to `count` bytes from the start of an answer that is not kept; the rest is not downloaded. */
async function readHead(response: Response, count: number): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const head = new Uint8Array(count);
  let at = 0;
  while (at < count) {
    const step = await reader.read();
    if (step.done) break;
    const take = step.value.subarray(0, count - at);
    head.set(take, at);
    at += take.byteLength;
  }
  void reader.cancel().catch(() => undefined);
  return head.subarray(0, at);
}

/**
 * Audio on another origin that the page may not read: in proxy mode the console's own server
 * relays it from this origin (server/proxy/audio-relay.ts serves only URLs whose ticket it signed
 * when the speech answer passed through it, on any instance sharing its secret).
 */
const CONSOLE_AUDIO_RELAY = '/api/_console/audio';

function relayUrl(url: string, ticket: AudioTicket): string | null {
  if (typeof window === 'undefined') return null;
  const here = window.location.origin;
  try {
    if (new URL(url).origin === here) return null;
  } catch {
    return null;
  }
  return `${here}${CONSOLE_AUDIO_RELAY}?u=${encodeUriComponentSafe(url)}&exp=${ticket.exp}&sig=${encodeUriComponentSafe(ticket.sig)}`;
}
