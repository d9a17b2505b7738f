import { useState } from 'react';
import { useActiveConnection } from '@/lib/connection-store';
import type { Take } from '../stores/take';
import { curlCommand } from '../utils/curl-command';

/** The exact request of this take as cURL. The token is not stored with takes: "include" uses the current one. */
export function CopyCurl({ take }: { take: Take }) {
  const active = useActiveConnection();
  const [showToken, setShowToken] = useState(false);
  const [status, setStatus] = useState('');
  const command = curlCommand({ ...take.connection, token: active.token }, take.request, { showToken, base: window.location.href });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setStatus(showToken ? 'Copied, with the token.' : 'Copied (token redacted).');
    } catch {
      setStatus('The browser refused the clipboard: select the command below and copy it.');
    }
  };
  return (
    <details className="copy-curl">
      <summary>Request as cURL</summary>
      <div className="curl-actions">
        <button type="button" onClick={() => void copy()}>
          Copy as cURL
        </button>
        <label className="checkbox">
          <input type="checkbox" checked={showToken} onChange={(e) => setShowToken(e.target.checked)} /> Include the token
        </label>
        <span role="status" className="hint">
          {status}
        </span>
      </div>
      <pre className="curl" tabIndex={0} aria-label="cURL command">
        {command}
      </pre>
    </details>
  );
}
