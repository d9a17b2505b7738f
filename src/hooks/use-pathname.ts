import { useSyncExternalStore } from 'react';
import { subscribeToNavigation } from '@/lib/router';

export function usePathname(): string {
  return useSyncExternalStore(
    subscribeToNavigation,
    () => window.location.pathname,
    () => '/',
  );
}
