import { useEffect } from 'react';
import { useActiveConnection, useConnectionState, activeProfile } from '@/lib/connection-store';
import type { GatewayHealth } from '@/lib/connection-health';
import { useGatewayHealth } from '@/lib/use-gateway-health';
import type { ErrorDescription } from '@/lib/describe-error';
import { useErrorDescription } from '@/lib/use-error-description';
import { Link } from '@/lib/router';
import { testConnection } from '../api/test-connection';
import styles from './connection-indicator.module.css';

function stateText(health: GatewayHealth, userId: string, d: ErrorDescription | null): { label: string; why: string | undefined } {
  if (health.state === 'ok')
    return { label: 'OK', why: `Last answer at ${new Date(health.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}` };
  if (health.state === 'failing') {
    return d ? { label: `Failing: ${d.title}`, why: `${d.detail} — ${d.nextStep}` } : { label: 'Failing', why: undefined };
  }
  return { label: userId ? 'Checking…' : 'Not set up', why: userId ? undefined : 'Open Settings to connect to a gateway.' };
}

/** Which gateway, which user, and whether the last answer was OK (and why not). */
export function ConnectionIndicator() {
  const profile = activeProfile(useConnectionState());
  const connection = useActiveConnection();
  const health = useGatewayHealth(connection);
  const { gatewayUrl, userId } = connection;
  const unknown = health.state === 'unknown';
  // One harmless check per profile switch, so the indicator says something before the first page query.
  useEffect(() => {
    if (unknown && userId) void testConnection({ connection, recordHealth: true }).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a check per gateway/user, not per token keystroke
  }, [unknown, gatewayUrl, userId]);
  const described = useErrorDescription(health.state === 'failing' ? health.error : null);
  const { label, why } = stateText(health, userId, described);
  return (
    <div className={`${styles.connectionIndicator} ${styles[`is-${health.state}`]}`}>
      <span className={styles.dot} aria-hidden="true" />
      <Link to="/settings" className={styles.ciLink} title="Connection settings">
        <span className="visually-hidden">Connection:</span> <span className={styles.ciProfile}>{profile.name}</span>{' '}
        <span className={styles.ciGateway}>{gatewayUrl}</span> <span className={styles.ciUser}>user {userId || 'not set'}</span>
      </Link>
      <span role="status" className={styles.ciState} title={why}>
        {label}
        {why && health.state === 'failing' && <span className="visually-hidden">. {why}</span>}
      </span>
    </div>
  );
}
