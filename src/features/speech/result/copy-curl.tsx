import { useState } from 'react';
import { copyText } from '@/lib/clipboard';
import { useActiveConnection } from '@/hooks/use-connection';
import { type MessageKey } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import type { Take } from '../take';
import { curlCommand } from './curl-command';
import page from '../speech-page.module.css';
import styles from './result.module.css';

/**
 * The exact request of this take as cURL. The token is not stored with takes: "include" uses the
 * active profile's, and only when the take was made on the same gateway URL, so a token is never
 * paired with a host it was not given for.
 */
export function CopyCurl({ take }: { take: Take }) {
  const active = useActiveConnection();
  const sameGateway = take.connection.gatewayUrl === active.gatewayUrl;
  const [wantToken, setWantToken] = useState(false);
  const showToken = wantToken && sameGateway;
  const [status, setStatus] = useState<MessageKey | null>(null);
  const t = useT();
  // A long text went out in parts: the command is the first part's request, as one request may hold no more.
  const request = take.parts?.[0] ? { ...take.request, sourceText: take.parts[0].text } : take.request;
  const command = curlCommand({ ...take.connection, token: sameGateway ? active.token : '' }, request, {
    showToken,
    base: window.location.href,
  });
  const copy = async () => {
    if (await copyText(command)) setStatus(showToken ? 'speech.curl.copiedWithToken' : 'speech.curl.copied');
    else setStatus('speech.curl.refused');
  };
  return (
    <details className={styles.copyCurl}>
      <summary>{t('speech.curl.summary')}</summary>
      <div className={styles.curlActions}>
        <button type="button" onClick={() => void copy()}>
          {t('speech.curl.copy')}
        </button>
        <label className={page.checkbox}>
          <input
            type="checkbox"
            checked={showToken}
            disabled={!sameGateway}
            aria-describedby={sameGateway ? undefined : 'curl-token-hint'}
            onChange={(e) => setWantToken(e.target.checked)}
          />{' '}
          {t('speech.curl.includeToken')}
        </label>
        {!sameGateway && (
          <span id="curl-token-hint" className={page.hint}>
            {t('speech.curl.otherGateway')}
          </span>
        )}
        <span role="status" className={page.hint}>
          {status ? t(status) : ''}
        </span>
      </div>
      {take.parts && take.parts.length > 1 && <p className={page.hint}>{t('speech.curl.firstOf', { count: take.parts.length })}</p>}
      <pre className={styles.curl} tabIndex={0} aria-label={t('speech.curl.command')}>
        {command}
      </pre>
    </details>
  );
}
