import { useActiveConnection } from '@/lib/connection-store';
import { useGatewayHealth } from '@/lib/connection-health';
import { describeError } from '@/lib/describe-error';
import { Link } from '@/lib/router';

/** Which gateway, which user, and whether the last answer was OK (and why not). */
export function ConnectionIndicator() {
  const connection = useActiveConnection();
  const health = useGatewayHealth(connection);
  const label = health.state === 'ok' ? 'OK' : health.state === 'failing' ? describeError(health.error).title : 'Not checked yet';
  return (
    <Link to="/settings" className={`connection-indicator is-${health.state}`} aria-label={`Connection: ${connection.gatewayUrl}, user ${connection.userId || 'not set'}, ${label}`}>
      <span className="dot" aria-hidden="true" />
      <span className="ci-gateway">{connection.gatewayUrl}</span>
      <span className="ci-user">user {connection.userId || '—'}</span>
      <span className="ci-state">{label}</span>
    </Link>
  );
}
