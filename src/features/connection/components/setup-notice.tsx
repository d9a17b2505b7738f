import { lazy, Suspense } from 'react';
import { useActiveConnection } from '@/lib/connection-store';
import { NoticeAlert } from './notice-alert';

const NotConnected = lazy(() => import('./not-connected').then((m) => ({ default: m.NotConnected })));

/**
 * Above every page but Settings while the active profile has no user ID: says why nothing can be
 * asked yet and, on a server with the embedded gateway, connects a new user in one click.
 * A connected console renders nothing and asks the server nothing.
 */
export function SetupNotice() {
  // The fallback is the notice as it reads before the server has said whether it embeds a gateway.
  return useActiveConnection().userId ? null : (
    <Suspense fallback={<NoticeAlert />}>
      <NotConnected />
    </Suspense>
  );
}
