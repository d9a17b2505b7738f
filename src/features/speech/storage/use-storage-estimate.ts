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
