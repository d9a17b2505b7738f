export type FetchedAudio =
  | { kept: true; bytes: ArrayBuffer; contentType: string }
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
  const bytes = await response.arrayBuffer();
  return { kept: true, bytes, contentType: response.headers.get('Content-Type') ?? '' };
}
