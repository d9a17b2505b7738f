import { useEffect, useState } from 'react';

/** The browser's own figure for this site's storage (IndexedDB and the rest); null where not offered. */
export function useStorageEstimate(dependency: unknown): number | null {
  const [usage, setUsage] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    navigator.storage
      ?.estimate?.()
      .then((e) => live && setUsage(e.usage ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dependency]);
  return usage;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
