import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { GatewayRequestError } from '@/lib/gateway-error';
import { gatewayUrlSchema, toConnection, type Connection, type ConnectionProfile } from '@/lib/connection-profile';
import { activeProfile, connectionStore } from '@/lib/connection-store';
import { useTestConnection } from '../api/test-connection';
import { useT } from '@/hooks/use-t';
import { problemText } from './problem-text';
import { tokenFindingText } from './token-finding-text';
import styles from './settings.module.css';

type Props = { profileId: string; readDraft: () => ConnectionProfile; validate: () => Promise<boolean> };

function trimmed(p: ConnectionProfile): Connection {
  const c = toConnection(p);
  return {
    gatewayUrl: c.gatewayUrl.trim(),
    token: c.token.trim(),
    userId: c.userId.trim(),
    channel: c.channel.trim(),
    appSource: c.appSource.trim(),
  };
}

const sameConnection = (a: Connection, b: Connection) =>
  a.gatewayUrl === b.gatewayUrl && a.token === b.token && a.userId === b.userId && a.channel === b.channel && a.appSource === b.appSource;

/**
 * Tests the values as typed, saved or not, so the gateway itself says what is wrong (a non-numeric
 * user ID gets its 2001), and says what the answers proved about the token. Only a test of the
 * active profile's saved values moves the indicator.
 */
export function ConnectionTestPanel({ profileId, readDraft, validate }: Props) {
  const test = useTestConnection();
  const t = useT();
  const [urlError, setUrlError] = useState<GatewayRequestError | null>(null);
  const run = () => {
    void validate();
    const connection = trimmed(readDraft());
    const url = gatewayUrlSchema.safeParse(connection.gatewayUrl);
    if (!url.success) {
      test.reset();
      const why = problemText(t, url.error.issues[0]?.message) ?? t('settings.test.invalid');
      setUrlError(new GatewayRequestError({ operation: 'taskStatus', kind: 'settings', message: t('settings.test.badUrl', { why }) }));
      return;
    }
    setUrlError(null);
    const active = activeProfile(connectionStore.get());
    test.mutate({ connection, recordHealth: active.id === profileId && sameConnection(toConnection(active), connection) });
  };
  const error = urlError ?? (test.isError ? test.error : null);
  return (
    <div className={styles.connectionTest}>
      <button type="button" onClick={run} disabled={test.isPending}>
        {test.isPending ? t('settings.test.testing') : t('settings.test.button')}
      </button>
      <div aria-live="polite">
        {test.isSuccess && !urlError && (
          <p role="status" className={test.data.token.kind === 'none' ? styles.testWarn : styles.testOk}>
            {t('settings.test.reachable', {
              url: test.variables.connection.gatewayUrl,
              user: test.variables.connection.userId,
              token: tokenFindingText(t, test.data.token),
            })}
          </p>
        )}
      </div>
      {error && <ErrorAlert error={error} />}
    </div>
  );
}
