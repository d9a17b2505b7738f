import { ErrorAlert } from '@/components/error-alert';
import { LOCAL_GATEWAY_URL, type ConnectionProfile } from '@/lib/connection-profile';
import { useLocalGateway } from '../hooks/use-local-gateway';
import { tokenFindingText } from './token-finding-text';
import styles from './settings.module.css';

/** Shown only when this server runs the embedded gateway: one click and a new user is connected. */
export function LocalGatewayCard({ onApplied }: { onApplied: (profile: ConnectionProfile) => void }) {
  const { info, apply, test, localActive, error } = useLocalGateway(onApplied);
  if (!info) return null;
  return (
    <section className={styles.card} aria-labelledby="local-gateway-title">
      <h2 id="local-gateway-title">Local gateway</h2>
      <p>This server runs the embedded gateway at {LOCAL_GATEWAY_URL}. Use it with its demo token and user ID.</p>
      <button type="button" className="primary" onClick={apply} disabled={test.isPending}>
        Use the local gateway
      </button>
      {localActive && test.isSuccess && (
        <p role="status" className={styles.testOk}>
          Connected to the local gateway as user {info.defaultUserId}. {tokenFindingText(test.data.token)}
        </p>
      )}
      {localActive && test.isError && <ErrorAlert error={test.error} />}
      {error !== null && <ErrorAlert error={error} title="The server's default values are not usable" />}
    </section>
  );
}
