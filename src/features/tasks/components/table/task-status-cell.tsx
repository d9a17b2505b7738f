import { isKnownTaskStatus, outcomeOf } from '@/contract';
import { taskStatusLabel } from '@/i18n/labels/task-labels';
import { errorAdvice } from '../../model/error-advice';
import { rawPreview, refusedLinkReason } from '../../model/refused-link';
import { statusGroupName } from '../../model/status-group';
import type { WatchedTask } from '../../model/task-rows';
import page from '../tasks-page.module.css';
import styles from '../board.module.css';

export function StatusBadge({ row, stalled }: { row: WatchedTask; stalled: boolean }) {
  const back = row.snapshot?.wentBackFrom;
  return (
    <>
      <span className={`${styles.status} ${styles[`status-${row.group}`]}`}>
        <span className={styles.dot} aria-hidden="true" />
        {statusGroupName(row.group)}
      </span>
      {back !== undefined && isKnownTaskStatus(back) && (
        <span className={styles.flagStalled} title="No real task goes back: the gateway's answers disagree with each other">
          status went back from {taskStatusLabel(back)} to {statusGroupName(row.group)}
        </span>
      )}
      {stalled && (
        <span className={styles.flagStalled} title="No change in status or progress for the configured time">
          Stalled
        </span>
      )}
    </>
  );
}

/** Failed/Aborted: code, meaning and what to do; Finished: the download link (only for a safe http(s) URL). */
export function OutcomeCell({ row }: { row: WatchedTask }) {
  const problem = row.snapshot?.problem;
  if (problem) {
    return (
      <div className={styles.outcomeError} title={`The gateway's answer for this task breaks the contract: ${problem}`}>
        <span className={styles.errorCode}>Unreadable answer</span>
        <span className={styles.advice}>{problem}</span>
      </div>
    );
  }
  const item = row.snapshot?.item;
  if (item && outcomeOf(item.taskStatus) === 'failure') {
    const { code, meaning, advice } = errorAdvice(item.errorCode);
    return (
      <div className={styles.outcomeError} title={`Error ${code}: ${meaning}. ${advice}`}>
        <span className={styles.errorCode}>
          Error {code}: {meaning}
        </span>
        <span className={styles.advice}>{advice}</span>
      </div>
    );
  }
  if (row.downloadUrl) {
    return (
      <a href={row.downloadUrl} download rel="noopener noreferrer" aria-label={`Download video of ${row.id}`}>
        Download
      </a>
    );
  }
  const refused = row.group === 4 ? refusedLinkReason(item?.targetVideoUrl) : null;
  if (refused) {
    // The value as text only (escaped, cut): it is never put in an href, src or title.
    return (
      <div className={styles.outcomeError}>
        <span className={styles.errorCode}>Result link refused: {refused}</span>
        <code className={styles.advice}>{rawPreview(item!.targetVideoUrl)}</code>
      </div>
    );
  }
  if (row.group === 4) return <span className={page.hint}>Result link not available yet</span>;
  if (row.group === 'not-found') return <span className={page.hint}>The gateway does not know this ID for this user</span>;
  return null;
}
