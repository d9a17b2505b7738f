import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/react-query';
import { connectionStore, scopeKeyOf } from '@/lib/connection-store';
import { preloadErrorWording, warnInConsole } from '@/i18n/load-describe-error';

/**
 * Query client for the app's lifetime. A change of profile, gateway or user drops every cached answer,
 * and ConnectionScoped remounts the pages, so one gateway's data never shows under another.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient(warnInConsole));
  useEffect(() => {
    const preload = setTimeout(preloadErrorWording, 1_000);
    return () => clearTimeout(preload);
  }, []);
  useEffect(() => {
    let last = scopeKeyOf(connectionStore.get());
    const unsubscribe = connectionStore.subscribe(() => {
      const next = scopeKeyOf(connectionStore.get());
      if (next !== last) queryClient.removeQueries();
      last = next;
    });
    return () => {
      unsubscribe();
    };
  }, [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
