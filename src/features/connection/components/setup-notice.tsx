import { Suspense } from 'react';
import { useActiveConnection } from '@/hooks/use-connection';
import { Link } from '@/lib/router';
import { useT } from '@/hooks/use-t';
import { tNodes } from '@/i18n/t-nodes';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';
import styles from './setup-notice.module.css';

// Its words are in the settings namespace (shared with the Settings page's local-gateway card).
const LocalGatewayAction = lazyWithMessages('settings', () =>
  import('./local-gateway-action').then((m) => ({ default: m.LocalGatewayAction })),
);

/**
 * Above every page but Settings while the active profile has no user ID: says why nothing can be
 * asked yet and, on a server with the embedded gateway, connects a new user in one click.
 * A connected console renders nothing and asks the server nothing.
 *
 * Its text is in the first-load bundle and never re-rendered: it paints once, with the page (on a
 * phone it is the page's largest text). Only the action below it loads later, into a slot that is
 * reserved from the first paint, so nothing moves when it arrives.
 */
export function SetupNotice() {
  const t = useT();
  return useActiveConnection().userId ? null : (
    // Information, not an error (nothing failed): a named region in the info colours, with the alert's geometry.
    <section aria-label={t('common.setup.region')} className={`alert ${styles.info}`}>
      <p>{t('common.setup.noUserId')}</p>
      <p>{tNodes('common.setup.openSettings', { link: <Link to="/settings">{t('common.setup.openSettingsLink')}</Link> })}</p>
      <div className={styles.actionSlot}>
        <Suspense fallback={null}>
          <LocalGatewayAction />
        </Suspense>
      </div>
    </section>
  );
}
