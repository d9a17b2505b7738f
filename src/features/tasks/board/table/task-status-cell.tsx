import { useId, useState, type ReactNode } from 'react';
import { isKnownTaskStatus, outcomeOf } from '@/contract';
import { taskStatusLabel } from '@/i18n/labels/task-labels';
import { useT } from '@/hooks/use-t';
import { errorAdvice, rawPreview, refusedLinkReason, STATUS_GROUP_KEY } from '../../task';
import type { WatchedTask } from '../../rows';
import { statusColors } from '../../overview';
import styles from '../board.module.css';

export function StatusBadge({ row, stalled }: { row: WatchedTask; stalled: boolean }) {
  const t = useT();
  const back = row.snapshot?.wentBackFrom;
  const name = t(STATUS_GROUP_KEY[row.group]);
  return (
    <>
      <span className={`${styles.status} ${statusColors[`status-${row.group}`]}`}>
        <span className={statusColors.dot} aria-hidden="true" />
        {name}
      </span>
      {back !== undefined && isKnownTaskStatus(back) && (
        <span className={styles.flagStalled} title={t('tasks.table.wentBackWhy')}>
          {t('tasks.table.wentBack', { from: taskStatusLabel(back, t), to: name })}
        </span>
      )}
      {stalled && (
        <span className={styles.flagStalled} title={t('tasks.table.stalledWhy')}>
          {t('tasks.table.stalled')}
        </span>
      )}
    </>
  );
}

/** Failed/Aborted: code, meaning and what to do; Finished: the download link (only for a safe http(s) URL). */
export function OutcomeCell({ row }: { row: WatchedTask }) {
  const t = useT();
  const problem = row.snapshot?.problem;
  if (problem) {
    return (
      <CutOutcome key={row.id} whole={t('tasks.table.problemWhy', { problem })}>
        <span className={styles.errorCode}>{t('tasks.table.unreadable')}</span>
        <span className={styles.advice}>{problem}</span>
      </CutOutcome>
    );
  }
  const item = row.snapshot?.item;
  if (item && outcomeOf(item.taskStatus) === 'failure') {
    const { code, meaning, advice } = errorAdvice(item.errorCode);
    return (
      <CutOutcome key={row.id} whole={t('tasks.table.errorWhy', { code: String(code), meaning, advice })}>
        <span className={styles.errorCode}>{t('tasks.table.error', { code: String(code), meaning })}</span>
        <span className={styles.advice}>{advice}</span>
      </CutOutcome>
    );
  }
  if (row.downloadUrl) {
    return (
      <a href={row.downloadUrl} download rel="noopener noreferrer" aria-label={t('tasks.table.downloadOf', { id: row.id })}>
        {t('tasks.table.download')}
      </a>
    );
  }
  const refused = row.group === 4 ? refusedLinkReason(item?.targetVideoUrl, t) : null;
  if (refused) {
    // The value as text only (escaped, cut): it is never put in an href, src or title.
    return (
      <div className={styles.outcomeError}>
        <span className={styles.errorCode}>{t('tasks.table.refused', { reason: refused })}</span>
        <code className={styles.advice}>{rawPreview(item!.targetVideoUrl)}</code>
      </div>
    );
  }
  if (row.group === 4) return <span className={styles.hint}>{t('tasks.table.noLinkYet')}</span>;
  if (row.group === 'not-found') return <span className={styles.hint}>{t('tasks.table.unknownId')}</span>;
  return null;
}

/**
 * A row's error, cut with "…" to fit its fixed-height row: a button that opens the whole text in a popover (the top
 * layer, so the row keeps its height; Escape, a tap elsewhere or the button again closes it). A title alone reaches
 * neither keyboard nor touch (issue 39). The whole text is put in as the popover opens, so a closed one repeats nothing.
 * Keyed by its task: the table's rows are kept by slot (task-table.tsx), and an open popover belongs to one task.
 */
function CutOutcome({ whole, children }: { whole: string; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.outcomeError} popoverTarget={id}>
        {children}
      </button>
      <div id={id} popover="auto" className={styles.outcomeWhole} onBeforeToggle={(e) => setOpen(e.newState === 'open')}>
        {open && whole}
      </div>
    </>
  );
}
