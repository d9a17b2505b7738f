export type FetchedAudio =
  | { kept: true; blob: Blob; contentType: string }
  | { kept: false; reason: string };

/**
 * The audio bytes behind targetAudioUrl, so history can keep them. A cross-origin URL without
 * CORS cannot be read by the page; the player then uses the URL directly and history says so.
 */
export async function fetchAudio(url: string, signal?: AbortSignal): Promise<FetchedAudio> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    return { kept: false, reason: 'The page may not read this audio URL (another origin without CORS, or unreachable)' };
  }
  if (!response.ok) return { kept: false, reason: `The audio URL answered HTTP ${response.status}` };
  // A Blob is filled by the network stack; an ArrayBuffer would be copied through the main thread.
  const blob = await response.blob();
  return { kept: true, blob, contentType: response.headers.get('Content-Type') ?? '' };
}
