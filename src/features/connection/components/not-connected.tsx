import { ErrorAlert } from '@/components/error-alert';
import { Link } from '@/lib/router';
import { useLocalGateway } from '../hooks/use-local-gateway';
import styles from './setup-notice.module.css';

/** The notice itself, loaded only while no user ID is set (a connected console never downloads it). */
export function NotConnected() {
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
