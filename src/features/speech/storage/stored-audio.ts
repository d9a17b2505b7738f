/**
 * Audio as this browser's IndexedDB can keep it. A Blob where it can (kept out of line, no copy on
 * the main thread). WebKit refuses a Blob in an ephemeral session (Safari's Private Browsing, a
 * WebDriver session): the put fails with "UnknownError: Error preparing Blob/File data to be stored
 * in object store", which lost every script line and the history (issue 40). There the bytes are
 * kept instead, and from then on for the rest of the page's life.
 */
export type StoredAudio = Blob | { bytes: ArrayBuffer; type: string };

let blobsRefused = false;

/** What an engine says when it will not keep a Blob: WebKit's UnknownError, or a DataCloneError. */
function isBlobRefusal(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'UnknownError' || error.name === 'DataCloneError');
}

/**
 * Runs `write` (one whole IndexedDB write, its transaction included) with the audio as a Blob; when
 * the browser refuses Blobs, again with its bytes. Any other failure is the caller's.
 */
export async function writeAudio<T>(audio: Blob | null, write: (stored: StoredAudio | null) => Promise<T>): Promise<T> {
  if (audio === null) return write(null);
  if (!blobsRefused) {
    try {
      return await write(audio);
    } catch (error) {
      if (!isBlobRefusal(error)) throw error;
      blobsRefused = true;
    }
  }
  return write({ bytes: await audio.arrayBuffer(), type: audio.type });
}

const isArrayBuffer = (v: unknown): v is ArrayBuffer => Object.prototype.toString.call(v) === '[object ArrayBuffer]';

/** Stored audio back as a Blob, whichever way it was kept; anything else is null. */
export function readStoredAudio(stored: unknown): Blob | null {
  if (stored instanceof Blob) return stored;
  if (typeof stored !== 'object' || stored === null) return null;
  const { bytes, type } = stored as { bytes?: unknown; type?: unknown };
  return isArrayBuffer(bytes) ? new Blob([bytes], { type: typeof type === 'string' ? type : '' }) : null;
}

/** For tests: the page starts again, Blobs not yet refused. */
export function forgetBlobRefusal(): void {
  blobsRefused = false;
}
