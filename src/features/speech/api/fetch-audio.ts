type FetchedAudio = { kept: true; blob: Blob; contentType: string } | { kept: false; reason: string };

/** How long the audio download may take before the take is kept without its bytes. */
const AUDIO_DOWNLOAD_TIMEOUT_MS = 60_000;
/** Audio larger than this (by its declared length) is played from the URL, not kept. 5,000 characters of WAV are about 15 MB. */
const MAX_KEPT_AUDIO_BYTES = 64 * 1024 * 1024;

type Limits = { timeoutMs?: number; maxBytes?: number };

/**
 * The audio bytes behind targetAudioUrl, so history can keep them. When they can't or shouldn't be
 * kept (another origin without CORS, an HTTP error, too large, too slow) the take still stands:
 * the player uses the URL directly and history says why. Only the operator's cancel throws.
 */
export async function fetchAudio(
  url: string,
  signal?: AbortSignal,
  { timeoutMs = AUDIO_DOWNLOAD_TIMEOUT_MS, maxBytes = MAX_KEPT_AUDIO_BYTES }: Limits = {},
): Promise<FetchedAudio> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  // The operator's cancel propagates; a timeout or any other failure keeps the take without its bytes.
  const notKept = (error: unknown, reason: string): FetchedAudio => {
    if (signal?.aborted) throw error;
    return { kept: false, reason: timeout.aborted ? `The audio did not finish downloading within ${timeoutMs / 1000} s` : reason };
  };
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', signal: combined });
  } catch (e) {
    const unreadable = 'The page may not read this audio URL (another origin without CORS, or unreachable)';
    const relayed = combined.aborted ? null : relayUrl(url);
    if (relayed === null) return notKept(e, unreadable);
    try {
      response = await fetch(relayed, { credentials: 'omit', signal: combined });
    } catch (e2) {
      return notKept(e2, unreadable);
    }
    if (!response.ok) return { kept: false, reason: unreadable };
  }
  if (!response.ok) return { kept: false, reason: `The audio URL answered HTTP ${response.status}` };
  if (Number(response.headers.get('Content-Length')) > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    return { kept: false, reason: `The audio is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB, so this browser does not keep it` };
  }
  try {
    // A Blob is filled by the network stack; an ArrayBuffer would be copied through the main thread.
    const blob = await response.blob();
    return { kept: true, blob, contentType: response.headers.get('Content-Type') ?? '' };
  } catch (e) {
    return notKept(e, 'The audio download broke off');
  }
}

/**
 * Audio on another origin that the page may not read: in proxy mode the console's own server
 * relays it from this origin (server/proxy/audio-relay.ts serves only URLs a speech answer just
 * carried). Elsewhere that path answers 404 and the take is kept without its bytes, as before.
 */
const CONSOLE_AUDIO_RELAY = '/api/_console/audio';

function relayUrl(url: string): string | null {
  if (typeof window === 'undefined') return null;
  const here = window.location.origin;
  try {
    if (new URL(url).origin === here) return null;
  } catch {
    return null;
  }
  return `${here}${CONSOLE_AUDIO_RELAY}?u=${encodeURIComponent(url)}`;
}
