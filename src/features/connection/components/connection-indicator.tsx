import { useEffect } from 'react';
import { activeProfile } from '@/lib/connection-store';
import { useActiveConnection, useConnectionState } from '@/hooks/use-connection';
import type { GatewayHealth, TokenCheck } from '@/lib/connection-health';
import { useGatewayHealth } from '@/hooks/use-gateway-health';
import type { ErrorDescription } from '@/lib/describe-error';
import { useErrorDescription } from '@/hooks/use-error-description';
import { Link } from '@/lib/router';
import { checkStatus } from '../api/check-status';
import styles from './connection-indicator.module.css';

const timeOf = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** Each label names what was checked: an answered status query is "Reachable", "OK" needs a synthesis that passed the token. */
const OK_TEXT: Record<TokenCheck, (at: number) => { label: string; why: string }> = {
  accepted: (at) => ({ label: 'OK', why: `Last answer at ${timeOf(at)}; a synthesis accepted the token` }),
  unchecked: (at) => ({
    label: 'Reachable',
    why: `Last answer at ${timeOf(at)}. Token not checked yet: status queries may not need one; your first synthesis checks it`,
  }),
  refused: (at) => ({
    label: 'Token rejected',
    why: `The gateway answers (last at ${timeOf(at)}), but it refused this token for speech synthesis. Check the Token in Settings`,
  }),
  none: (at) => ({
    label: 'No token',
    why: `The gateway answered at ${timeOf(at)}, but no token is set: speech synthesis needs one. Enter it in Settings`,
  }),
};

function stateText(health: GatewayHealth, userId: string, d: ErrorDescription | null): { label: string; why: string | undefined } {
  if (health.state === 'ok') return OK_TEXT[health.token](health.at);
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
  // One valid status query per profile switch, so the indicator says something before the first page query.
  // Never a speech request: the spec has no harmless one, and a page load must not cost the gateway an invalid call.
  useEffect(() => {
    if (unknown && userId) void checkStatus(connection, true).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a check per gateway/user, not per token keystroke
  }, [unknown, gatewayUrl, userId]);
  const described = useErrorDescription(health.state === 'failing' ? health.error : null);
  const { label, why } = stateText(health, userId, described);
  const tokenProblem = health.state === 'ok' && (health.token === 'none' || health.token === 'refused');
  const look = health.state === 'ok' && health.token === 'refused' ? 'is-failing' : tokenProblem ? 'is-warning' : `is-${health.state}`;
  return (
    <div className={`${styles.connectionIndicator} ${styles[look]}`}>
      <span className={styles.dot} aria-hidden="true" />
      <Link to="/settings" className={styles.ciLink} title="Connection settings">
        <span className="visually-hidden">Connection:</span> <span className={styles.ciProfile}>{profile.name}</span>{' '}
        <span className={styles.ciGateway}>{gatewayUrl}</span> <span className={styles.ciUser}>user {userId || 'not set'}</span>
      </Link>
      <span role="status" className={styles.ciState} title={why}>
        {label}
        {why && (health.state === 'failing' || tokenProblem) && <span className="visually-hidden">. {why}</span>}
      </span>
    </div>
  );
}
