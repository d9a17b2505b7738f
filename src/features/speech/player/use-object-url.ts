import { useEffect } from 'react';

// Object URLs shared by blob and counted, so StrictMode's unmount/remount never revokes a URL still on screen.
const urls = new Map<Blob, { url: string; users: number }>();

function urlFor(blob: Blob): string {
  let entry = urls.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 };
    urls.set(blob, entry);
  }
  return entry.url;
}

function release(blob: Blob): void {
  const entry = urls.get(blob);
  if (!entry) return;
  entry.users -= 1;
  setTimeout(() => {
    if (entry.users > 0 || urls.get(blob) !== entry) return;
    urls.delete(blob);
    URL.revokeObjectURL(entry.url);
  }, 0);
}

/** An object URL for a blob, revoked once no component shows it any more. */
export function useObjectUrl(blob: Blob | null): string | null {
  const url = blob ? urlFor(blob) : null;
  useEffect(() => {
    if (!blob) return;
    urlFor(blob);
    urls.get(blob)!.users += 1;
    return () => release(blob);
  }, [blob]);
  return url;
}
