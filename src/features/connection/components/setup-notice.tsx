import { lazy, Suspense } from 'react';
import { useActiveConnection } from '@/lib/connection-store';

const NotConnected = lazy(() => import('./not-connected').then((m) => ({ default: m.NotConnected })));

/**
 * Above every page but Settings while the active profile has no user ID: says why nothing can be
 * asked yet and, on a server with the embedded gateway, connects a new user in one click.
 * A connected console renders nothing and asks the server nothing.
 */
export function SetupNotice() {
  return useActiveConnection().userId ? null : (
    <Suspense fallback={null}>
      <NotConnected />
    </Suspense>
  );
}
