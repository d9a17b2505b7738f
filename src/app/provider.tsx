import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/react-query';
import { connectionStore } from '@/lib/connection-store';

/** Query client for the app's lifetime. Switching profile drops every cached answer, so one gateway's data never shows under another. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    let last = connectionStore.get().activeId;
    const unsubscribe = connectionStore.subscribe(() => {
      const next = connectionStore.get().activeId;
      if (next !== last) queryClient.removeQueries();
      last = next;
    });
    return () => {
      unsubscribe();
    };
  }, [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
