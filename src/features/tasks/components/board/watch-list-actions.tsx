import { memo, useState } from 'react';
import type { WatchedTask } from '../../model/task-rows';
import { removeFromWatchList } from '../../stores/watch-list-store';
import { announce } from '../../stores/announcer-store';
import { updateDashboardSettings } from '../../stores/dashboard-settings-store';
import { shareLink } from '../../model/share-link';
import { askNotificationPermission } from '../../hooks/use-task-notifications';
import { ConfirmButton } from '@/components/confirm-button';
import { CopyButton } from '../copy/copy-button';
import styles from '../tasks-page.module.css';

const LONG_LINK = 8_000;
// Chromium opens addresses up to 2 MB (about 100,000 IDs of the usual length); others less.
const MAX_LINK = 2 * 1024 * 1024;

type Props = { ids: readonly string[]; rows: readonly WatchedTask[]; finished: number; notify: boolean };

/** `finished` is the count from the summary: the IDs are gathered only when the operator confirms (not over every row on every poll). */
export function WatchListActions({ ids, rows, finished, notify }: Props) {
  const [linkNote, setLinkNote] = useState('');

  const copyLink = async () => {
    const link = await shareLink(ids);
    const k = Math.round(link.length / 1000);
    setLinkNote(
      link.length > MAX_LINK
        ? `The link is ${k} k characters long, more than a browser opens (2 MB): send the list with Export JSON and Import from file instead.`
        : link.length > LONG_LINK
          ? `The link is ${k} k characters long; some chat tools cut long links, so Export JSON may travel better.`
          : '',
    );
    return link;
  };

  return (
    <div className={styles.toolbar}>
      <CopyButton text={copyLink} what={`a link to ${ids.length} tasks`} disabled={ids.length === 0}>
        Copy share link
      </CopyButton>
      <ConfirmButton
        label={`Clear finished (${finished})`}
        confirmLabel={`Yes, remove ${finished} finished`}
        disabled={finished === 0}
        onConfirm={() => removeFromWatchList(rows.filter((r) => r.group === 4).map((r) => r.id))}
      />
      <NotifyToggle notify={notify} />
      {linkNote && <p className={styles.hint}>{linkNote}</p>}
    </div>
  );
}

async function toggleNotify(on: boolean) {
  if (!on) return updateDashboardSettings({ notify: false });
  const permission = await askNotificationPermission();
  if (permission === 'granted') updateDashboardSettings({ notify: true });
  else
    announce(
      permission === 'unsupported'
        ? 'This browser has no notifications'
        : 'Notifications are blocked for this site in the browser settings',
    );
}

// Memoized: the actions render with every poll update (their rows), and React rewrites an input's type and name each time.
const NotifyToggle = memo(function NotifyToggle({ notify }: { notify: boolean }) {
  return (
    <label className={styles.inlineCheck}>
      <input type="checkbox" checked={notify} onChange={(e) => void toggleNotify(e.target.checked)} /> Notify me when tasks finish or fail
    </label>
  );
});
