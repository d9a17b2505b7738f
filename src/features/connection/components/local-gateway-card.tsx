import { ErrorAlert } from '@/components/error-alert';
import { LOCAL_GATEWAY_URL, type ConnectionProfile } from '@/lib/connection-profile';
import { useLocalGateway } from '../hooks/use-local-gateway';
import { tokenFindingText } from './token-finding-text';
import { useT } from '@/hooks/use-t';
import styles from './settings.module.css';

/** Shown only when this server runs the embedded gateway: one click and a new user is connected. */
export function LocalGatewayCard({ onApplied }: { onApplied: (profile: ConnectionProfile) => void }) {
  const { info, apply, test, localActive, error } = useLocalGateway(onApplied);
  const t = useT();
  if (!info) return null;
  return (
    <section className={styles.card} aria-labelledby="local-gateway-title">
      <h2 id="local-gateway-title">{t('settings.local.title')}</h2>
      <p>{t('settings.local.body', { url: LOCAL_GATEWAY_URL })}</p>
      <button type="button" className="primary" onClick={apply} disabled={test.isPending}>
        {t('settings.local.useLocal')}
      </button>
      {localActive && test.isSuccess && (
        <p role="status" className={styles.testOk}>
          {t('settings.local.connected', { user: info.defaultUserId ?? '', token: tokenFindingText(t, test.data.token) })}
        </p>
      )}
      {localActive && test.isError && <ErrorAlert error={test.error} />}
      {error !== null && <ErrorAlert error={error} title={t('settings.local.defaultsUnusable')} />}
    </section>
  );
}
