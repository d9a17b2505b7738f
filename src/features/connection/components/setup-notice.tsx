import { ErrorAlert } from '@/components/error-alert';
import { useActiveConnection } from '@/lib/connection-store';
import { Link } from '@/lib/router';
import { useLocalGateway } from '../hooks/use-local-gateway';
import styles from './setup-notice.module.css';

/**
 * Above every page but Settings while the active profile has no user ID: says why nothing can be
 * asked yet and, on a server with the embedded gateway, connects a new user in one click.
 * A connected console renders nothing and asks the server nothing.
 */
export function SetupNotice() {
  return useActiveConnection().userId ? null : <NotConnected />;
}

function NotConnected() {
  // Applying either saves a user ID (and this unmounts) or fails and shows why below.
  const { info, apply, test, error } = useLocalGateway();
  return (
    <>
      <div role="alert" className="alert alert-error">
        <p>No user ID is set, so the console cannot ask a gateway anything yet.</p>
        <p className={styles.setupActions}>
          {info ? (
            <>
              <button type="button" className="primary" onClick={apply} disabled={test.isPending}>
                Use the local gateway
              </button>
              <span>
                or <Link to="/settings">open Settings</Link> to use another gateway.
              </span>
            </>
          ) : (
            <span>
              <Link to="/settings">Open Settings</Link> and enter the gateway, token and numeric user ID.
            </span>
          )}
        </p>
      </div>
      {error !== null && <ErrorAlert error={error} title="The server's default values are not usable" />}
    </>
  );
}
