import { memo } from 'react';
import { TaskStatus } from '@/contract';
import { useT } from '@/hooks/use-t';
import type { WatchedTask } from '../../rows';
import type { KeptCounts } from '../../query';
import { removeFromWatchList } from '../../watch-list';
import { ConfirmButton } from '@/components/confirm-button';
import { CopyButton } from '../../copy';
import styles from '../board.module.css';

type Props = {
  rows: readonly WatchedTask[];
  /** Poll updates write `rows` in place (board-rows.ts): a new version renders the memoized actions again. */
  version: number;
  /** `rows`' counts when the list's worker gave them; null: the actions scan `rows` for them. */
  counts: KeptCounts | null;
  scope: 'selected' | 'shown';
  onRemoved: () => void;
};

// Failed only: aborted tasks were stopped on purpose, and "failed" says so.
const failedIds = (rows: readonly WatchedTask[]) => rows.filter((r) => r.group === TaskStatus.failed).map((r) => r.id);

async function exportRows(rows: readonly WatchedTask[], format: 'csv' | 'json') {
  // Export is rare: keep it out of the first-load bundle.
  const { exportTasks } = await import('./export-tasks');
  exportTasks(rows, format);
}

const downloadLinks = (rows: readonly WatchedTask[]) => rows.flatMap((r) => (r.downloadUrl ? [r.downloadUrl] : []));

/**
 * Actions on the selected rows, or on every row the filter shows when none is selected. The lists
 * are gathered on click; a render only asks whether there is any (up to 100,000 rows, every poll), or reads the list's
 * worker's counts.
 */
export const BulkActions = memo(function BulkActions({ rows, counts, scope, onRemoved }: Props) {
  const hasLinks = counts ? counts.withLinks > 0 : rows.some((r) => r.downloadUrl);
  const hasFailed = counts ? counts.failed > 0 : rows.some((r) => r.group === TaskStatus.failed);
  const n = rows.length;
  const t = useT();
  return (
    <div className={styles.toolbar} role="group" aria-label={t(scope === 'selected' ? 'tasks.bulk.selected' : 'tasks.bulk.shown')}>
      <span className={styles.bulkScope}>{t(scope === 'selected' ? 'tasks.bulk.nSelected' : 'tasks.bulk.nShown', { count: n })}</span>
      <CopyButton disabled={n === 0} text={() => rows.map((r) => r.id).join('\n')} what={t('tasks.bulk.ids', { count: n })}>
        {t('tasks.bulk.copyIds')}
      </CopyButton>
      <CopyButton
        disabled={!hasLinks}
        text={() => downloadLinks(rows).join('\n')}
        what={() => t('tasks.bulk.links', { count: downloadLinks(rows).length })}
      >
        {t('tasks.bulk.copyLinks')}
      </CopyButton>
      <CopyButton
        disabled={!hasFailed}
        text={() => failedIds(rows).join('\n')}
        what={() => t('tasks.bulk.failed', { count: failedIds(rows).length })}
      >
        {t('tasks.bulk.copyFailed')}
      </CopyButton>
      <button type="button" disabled={n === 0} onClick={() => void exportRows(rows, 'csv')}>
        {t('tasks.bulk.csv')}
      </button>
      <button type="button" disabled={n === 0} onClick={() => void exportRows(rows, 'json')}>
        {t('tasks.bulk.json')}
      </button>
      <ConfirmButton
        label={t('tasks.bulk.remove', { count: n })}
        confirmLabel={t('tasks.bulk.confirm', { count: n })}
        disabled={n === 0}
        onConfirm={() => {
          removeFromWatchList(rows.map((r) => r.id));
          onRemoved();
        }}
      />
    </div>
  );
});
