import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import styles from './setup-notice.module.css';

/**
 * The setup notice's box. It is in the first-load bundle so the notice paints with the page (no
 * layout shift when it arrives, and no wait for a chunk before the page's largest text shows);
 * only the embedded gateway's one-click action loads later (not-connected.tsx).
 */
export function NoticeAlert({ actions = <SettingsHint /> }: { actions?: ReactNode }) {
  return (
    <div role="alert" className="alert alert-error">
      <p>No user ID is set, so the console cannot ask a gateway anything yet.</p>
      <p className={styles.setupActions}>{actions}</p>
    </div>
  );
}

/** What the notice offers when this server has no embedded gateway to connect to (or has not said yet). */
export function SettingsHint() {
  return (
    <span>
      <Link to="/settings">Open Settings</Link> and enter the gateway, token and numeric user ID.
    </span>
  );
}
