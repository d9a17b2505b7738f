import { TaskStatus } from '@/contract';
import type { WatchedTask } from '../../model/task-rows';
import { removeFromWatchList } from '../../stores/watch-list-store';
import { ConfirmButton } from '@/components/confirm-button';
import { CopyButton } from '../copy/copy-button';
import page from '../tasks-page.module.css';
import styles from '../board.module.css';

type Props = { rows: readonly WatchedTask[]; scope: 'selected' | 'shown'; onRemoved: () => void };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
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
 * are gathered on click; a render only asks whether there is any (up to 100,000 rows, every poll).
 */
export function BulkActions({ rows, scope, onRemoved }: Props) {
  const hasLinks = rows.some((r) => r.downloadUrl);
  const hasFailed = rows.some((r) => r.group === TaskStatus.failed);
  const n = rows.length;
  return (
    <div className={page.toolbar} role="group" aria-label={`Actions on ${scope} tasks`}>
      <span className={styles.bulkScope}>{scope === 'selected' ? `${plural(n, 'task')} selected` : `${plural(n, 'task')} shown`}:</span>
      <CopyButton disabled={n === 0} text={() => rows.map((r) => r.id).join('\n')} what={plural(n, 'ID')}>
        Copy IDs
      </CopyButton>
      <CopyButton
        disabled={!hasLinks}
        text={() => downloadLinks(rows).join('\n')}
        what={() => plural(downloadLinks(rows).length, 'download link')}
      >
        Copy download links
      </CopyButton>
      <CopyButton disabled={!hasFailed} text={() => failedIds(rows).join('\n')} what={() => plural(failedIds(rows).length, 'failed ID')}>
        Copy failed IDs
      </CopyButton>
      <button type="button" disabled={n === 0} onClick={() => void exportRows(rows, 'csv')}>
        Export CSV
      </button>
      <button type="button" disabled={n === 0} onClick={() => void exportRows(rows, 'json')}>
        Export JSON
      </button>
      <ConfirmButton
        label={`Remove ${n}`}
        confirmLabel={`Yes, remove ${plural(n, 'task')}`}
        disabled={n === 0}
        onConfirm={() => {
          removeFromWatchList(rows.map((r) => r.id));
          onRemoved();
        }}
      />
    </div>
  );
}
