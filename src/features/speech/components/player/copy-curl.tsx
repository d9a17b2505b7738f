import { useState } from 'react';
import { copyText } from '@/lib/clipboard';
import { useActiveConnection } from '@/hooks/use-connection';
import type { Take } from '../../model/take';
import { curlCommand } from '../../model/curl-command';
import page from '../speech-page.module.css';
import styles from './player.module.css';

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
  const [status, setStatus] = useState('');
  // A long text went out in parts: the command is the first part's request, as one request may hold no more.
  const request = take.parts?.[0] ? { ...take.request, sourceText: take.parts[0].text } : take.request;
  const command = curlCommand({ ...take.connection, token: sameGateway ? active.token : '' }, request, {
    showToken,
    base: window.location.href,
  });
  const copy = async () => {
    if (await copyText(command)) setStatus(showToken ? 'Copied, with the token.' : 'Copied (token redacted).');
    else setStatus('The browser refused the clipboard: select the command below and copy it.');
  };
  return (
    <details className={styles.copyCurl}>
      <summary>Request as cURL</summary>
      <div className={styles.curlActions}>
        <button type="button" onClick={() => void copy()}>
          Copy as cURL
        </button>
        <label className={page.checkbox}>
          <input
            type="checkbox"
            checked={showToken}
            disabled={!sameGateway}
            aria-describedby={sameGateway ? undefined : 'curl-token-hint'}
            onChange={(e) => setWantToken(e.target.checked)}
          />{' '}
          Include the token
        </label>
        {!sameGateway && (
          <span id="curl-token-hint" className={page.hint}>
            This take was made on another gateway; its token is not kept.
          </span>
        )}
        <span role="status" className={page.hint}>
          {status}
        </span>
      </div>
      {take.parts && take.parts.length > 1 && (
        <p className={page.hint}>The first of this take's {take.parts.length} requests; the others differ only in their text.</p>
      )}
      <pre className={styles.curl} tabIndex={0} aria-label="cURL command">
        {command}
      </pre>
    </details>
  );
}
