import { memo, useState } from 'react';
import { t as currentT } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import type { WatchedTask } from '../rows';
import { removeFromWatchList } from '../watch-list';
import { announce } from '../announcer';
import { updateDashboardSettings } from '../polling';
import { shareLink } from '../shared-links';
import { askNotificationPermission } from '../notifications';
import { ConfirmButton } from '@/components/confirm-button';
import { CopyButton } from '../copy';
import styles from './board.module.css';

const LONG_LINK = 8_000;
// Chromium opens addresses up to 2 MB (about 100,000 IDs of the usual length); others less.
const MAX_LINK = 2 * 1024 * 1024;

type Props = { ids: readonly string[]; rows: readonly WatchedTask[]; finished: number; notify: boolean };

/** `finished` is the count from the summary: the IDs are gathered only when the operator confirms (not over every row on every poll). */
export function WatchListActions({ ids, rows, finished, notify }: Props) {
  const t = useT();
  // The note's kind and length, so it follows a switch of language.
  const [linkNote, setLinkNote] = useState<{ tooLong: boolean; k: number } | null>(null);

  const copyLink = async () => {
    const link = await shareLink(ids);
    const k = Math.round(link.length / 1000);
    setLinkNote(link.length > LONG_LINK ? { tooLong: link.length > MAX_LINK, k } : null);
    return link;
  };

  return (
    <div className={styles.toolbar}>
      <CopyButton text={copyLink} what={t('tasks.watchActions.copyWhat', { count: ids.length })} disabled={ids.length === 0}>
        {t('tasks.watchActions.copyLink')}
      </CopyButton>
      <ConfirmButton
        label={t('tasks.watchActions.clearFinished', { count: finished })}
        confirmLabel={t('tasks.watchActions.confirmClear', { count: finished })}
        disabled={finished === 0}
        onConfirm={() => removeFromWatchList(rows.filter((r) => r.group === 4).map((r) => r.id))}
      />
      <NotifyToggle notify={notify} />
      {linkNote && (
        <p className={styles.hint}>
          {t(linkNote.tooLong ? 'tasks.watchActions.linkTooLong' : 'tasks.watchActions.linkLong', { k: linkNote.k })}
        </p>
      )}
    </div>
  );
}

async function toggleNotify(on: boolean) {
  if (!on) return updateDashboardSettings({ notify: false });
  const permission = await askNotificationPermission();
  if (permission === 'granted') updateDashboardSettings({ notify: true });
  else announce(currentT(permission === 'unsupported' ? 'tasks.watchActions.noNotifications' : 'tasks.watchActions.notificationsBlocked'));
}

// Memoized: the actions render with every poll update (their rows), and React rewrites an input's type and name each time.
const NotifyToggle = memo(function NotifyToggle({ notify }: { notify: boolean }) {
  const t = useT();
  return (
    <label className={styles.inlineCheck}>
      <input type="checkbox" checked={notify} onChange={(e) => void toggleNotify(e.target.checked)} /> {t('tasks.watchActions.notify')}
    </label>
  );
});
