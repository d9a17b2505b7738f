import { ErrorAlert } from '@/components/error-alert';
import { Link } from '@/lib/router';
import { useLocalGateway } from '../hooks/use-local-gateway';
import { NoticeAlert } from './notice-alert';

/** The notice with its actions, loaded only while no user ID is set (a connected console never downloads it). */
export function NotConnected() {
  // Applying either saves a user ID (and this unmounts) or fails and shows why below.
  const { info, apply, test, error } = useLocalGateway();
  return (
    <>
      <NoticeAlert
        actions={
          info ? (
            <>
              <button type="button" className="primary" onClick={apply} disabled={test.isPending}>
                Use the local gateway
              </button>
              <span>
                or <Link to="/settings">open Settings</Link> to use another gateway.
              </span>
            </>
          ) : undefined
        }
      />
      {error !== null && <ErrorAlert error={error} title="The server's default values are not usable" />}
    </>
  );
}
