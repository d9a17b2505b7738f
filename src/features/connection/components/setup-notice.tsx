import { lazy, Suspense } from 'react';
import { useActiveConnection } from '@/hooks/use-connection';
import { Link } from '@/lib/router';
import styles from './setup-notice.module.css';

const LocalGatewayAction = lazy(() => import('./local-gateway-action').then((m) => ({ default: m.LocalGatewayAction })));

/**
 * Above every page but Settings while the active profile has no user ID: says why nothing can be
 * asked yet and, on a server with the embedded gateway, connects a new user in one click.
 * A connected console renders nothing and asks the server nothing.
 *
 * Its text is in the first-load bundle and never re-rendered: it paints once, with the page (on a
 * phone it is the page's largest text). Only the action below it loads later, into a slot that is
 * reserved from the first paint, so nothing moves when it arrives.
 */
export function SetupNotice() {
  return useActiveConnection().userId ? null : (
    // Information, not an error (nothing failed): a named region in the info colours, with the alert's geometry.
    <section aria-label="Connection setup" className={`alert ${styles.info}`}>
      <p>No user ID is set, so the console cannot ask a gateway anything yet.</p>
      <p>
        <Link to="/settings">Open Settings</Link> and enter the gateway, token and numeric user ID.
      </p>
      <div className={styles.actionSlot}>
        <Suspense fallback={null}>
          <LocalGatewayAction />
        </Suspense>
      </div>
    </section>
  );
}
