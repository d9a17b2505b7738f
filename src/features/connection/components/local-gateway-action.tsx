import { ErrorAlert } from '@/components/error-alert';
import { useT } from '@/hooks/use-t';
import { useLocalGateway } from '../hooks/use-local-gateway';

/**
 * The setup notice's action, loaded only while no user ID is set (a connected console never downloads it):
 * the one-click "Use the local gateway" on a server with the embedded gateway, else where the values come from.
 */
export function LocalGatewayAction() {
  // Applying either saves a user ID (and the notice unmounts) or fails and shows why below.
  const { info, apply, test, error, settled } = useLocalGateway();
  const t = useT();
  if (!settled) return null;
  return (
    <>
      {info ? (
        <button type="button" className="primary" onClick={apply} disabled={test.isPending}>
          {t('settings.local.useLocal')}
        </button>
      ) : (
        <span>{t('settings.local.askOperator')}</span>
      )}
      {error !== null && <ErrorAlert error={error} title={t('settings.local.defaultsUnusable')} />}
    </>
  );
}
