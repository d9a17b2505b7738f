import { useEffect } from 'react';
import { activeProfile } from '@/lib/connection-store';
import { useActiveConnection, useConnectionState } from '@/hooks/use-connection';
import type { GatewayHealth, TokenCheck } from '@/lib/connection-health';
import { useGatewayHealth } from '@/hooks/use-gateway-health';
import type { ErrorDescription } from '@/i18n/describe-error';
import { useErrorDescription } from '@/hooks/use-error-description';
import { Link } from '@/lib/router';
import { type Translate } from '@/i18n/i18n-store';
import { useLocale, useNamespace, useT } from '@/hooks/use-t';
import { useTimeSetting } from '@/hooks/use-time-setting';
import styles from './connection-indicator.module.css';

// Not through @/i18n/format: this is the first-load bundle's only clock, and it changes once a minute at most.
const clock = (locale: string, at: number, zone: 'local' | 'utc') =>
  new Date(at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', ...(zone === 'utc' && { timeZone: 'UTC' }) });

type Said = { label: string; why: string | undefined };
function stateText(t: Translate, time: (at: number) => string, health: GatewayHealth, userId: string, d: ErrorDescription | null): Said {
  if (health.state === 'ok') {
    // Each label names what was checked: an answered status query is "Reachable", "OK" needs a synthesis that passed the token.
    const key = `health.${health.token}` as const satisfies `health.${TokenCheck}`;
    return { label: t(key), why: t(`${key}Why`, { time: time(health.at) }) };
  }
  if (health.state === 'failing') {
    return d
      ? {
          label: t('health.failingAs', { title: d.title }),
          why: t('health.failingWhy', { detail: d.detail, next: d.nextStep }),
        }
      : { label: t('health.failing'), why: undefined };
  }
  if (userId) return { label: t('common.indicator.checking'), why: undefined };
  return { label: t('common.indicator.notSetUp'), why: t('common.indicator.notSetUpWhy') };
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
    // Loaded on demand: the client and the answer's schemas are not needed to paint the first visit (budget).
    if (unknown && userId) void import('../api/check-status').then((m) => m.checkStatus(connection, true)).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a check per gateway/user, not per token keystroke
  }, [unknown, gatewayUrl, userId]);
  const described = useErrorDescription(health.state === 'failing' ? health.error : null);
  const t = useT();
  const locale = useLocale();
  const { zone } = useTimeSetting();
  // The words for an answered state load once there is a user ID to check (not in the first visit's messages).
  const worded = useNamespace('health', userId !== '' || !unknown);
  const { label, why } = stateText(t, (at) => clock(locale, at, zone), worded ? health : { state: 'unknown' }, userId, described);
  const tokenProblem = health.state === 'ok' && (health.token === 'none' || health.token === 'refused');
  const look = health.state === 'ok' && health.token === 'refused' ? 'is-failing' : tokenProblem ? 'is-warning' : `is-${health.state}`;
  return (
    <div className={`${styles.connectionIndicator} ${styles[look]}`}>
      <span className={styles.dot} aria-hidden="true" />
      <Link to="/settings" className={styles.ciLink} title={t('common.pages.settingsTitle')}>
        <span className="visually-hidden">{t('common.indicator.connection')}</span> <span className={styles.ciProfile}>{profile.name}</span>{' '}
        <span className={styles.ciGateway}>{gatewayUrl}</span>{' '}
        <span className={styles.ciUser}>{t('common.indicator.user', { user: userId || t('common.indicator.userNotSet') })}</span>
      </Link>
      <span role="status" className={styles.ciState} title={why}>
        {label}
        {why && (health.state === 'failing' || tokenProblem) && <span className="visually-hidden">. {why}</span>}
      </span>
    </div>
  );
}
