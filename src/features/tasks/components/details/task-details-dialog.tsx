import { useEffect, useRef } from 'react';
import { isKnownTaskStatus, TaskStatus } from '@/contract';
import { taskStatusLabel } from '@/i18n/labels/task-labels';
import { formatExact, formatRelative } from '@/lib/format-time';
import { useNow } from '../../hooks/use-now';
import { useTaskHistory } from '../../hooks/use-task-history';
import { statusGroupName, statusGroupOf } from '../../model/status-group';
import { progressVerdict, statusWentBack, timeVerdict } from '../../model/odd-values';
import type { WatchedTask } from '../../model/task-rows';
import { safeDownloadUrl } from '../../model/task-phase';
import { CopyButton } from '../copy/copy-button';
import { ProgressSparkline } from './progress-sparkline';
import styles from './task-details.module.css';

const statusName = (s: number | null) => (s === null ? 'Not found' : isKnownTaskStatus(s) ? taskStatusLabel(s) : `Status ${s}`);

/** The path of a task's details: shareable, and what the task ID links in the table open. */
export const taskDetailsPath = (id: string) => `/tasks/${encodeURIComponent(id)}`;

/** The task ID in /tasks/<taskId>, or null on any other path (or a malformed escape). */
export function taskIdFromPath(pathname: string): string | null {
  const m = /^\/tasks\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

type Props = { id: string; row: WatchedTask | undefined; onClose: () => void };

/** One task: its observed timeline, a progress sparkline and the gateway's last raw answer. Escape and Close (or Back) leave it. */
export function TaskDetailsDialog({ id, row, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const record = useTaskHistory().records.get(id);
  const now = useNow();
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);
  // One snapshot for the status line and the raw answer, the newest the console has: the timeline is made from the
  // same answers, so the line never says "Not checked yet" where the timeline already says "Not found".
  const snapshot = row?.snapshot ?? record?.snapshot;
  const item = snapshot?.item ?? null;
  const group = statusGroupOf(snapshot);
  const oddProgress = item ? progressVerdict(item.taskProgress) : null;
  const updated = item ? timeVerdict(item.updateTime, now) : null;
  const raw = row?.snapshot || record ? JSON.stringify(item, null, 2) : null;
  const link = new URL(taskDetailsPath(id), window.location.origin).href;
  // The table's rule: a Finished task's result, only as an absolute http(s) URL.
  const download = item?.taskStatus === TaskStatus.finished ? safeDownloadUrl(item.targetVideoUrl) : null;
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="task-details-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className={styles.head}>
        <h2 id="task-details-title">{id}</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      <p>
        {row ? (
          <>
            <strong>{statusGroupName(group)}</strong>
            {item ? `, ${oddProgress ?? `${Math.round(item.taskProgress)}%`}` : ''}
            {updated && 'odd' in updated ? ` · last update: ${updated.odd}` : ''}
          </>
        ) : (
          'This task is not on the watch list of this profile.'
        )}
        {record && (
          <>
            {' · '}first seen{' '}
            <time dateTime={new Date(record.firstSeen).toISOString()}>
              {formatExact(record.firstSeen)} ({formatRelative(record.firstSeen, now)})
            </time>
          </>
        )}
      </p>
      <div className={styles.actions}>
        {download && (
          <a href={download} download rel="noopener noreferrer" aria-label={`Download video of ${id}`}>
            Download
          </a>
        )}
        <CopyButton text={() => id} what="the task ID">
          Copy task ID
        </CopyButton>
        <CopyButton text={() => link} what="the link to this task">
          Copy link
        </CopyButton>
        {raw !== null && (
          <CopyButton text={() => raw} what="the last raw answer">
            Copy raw answer
          </CopyButton>
        )}
      </div>
      <section aria-labelledby="task-timeline-title">
        <h3 id="task-timeline-title">Timeline</h3>
        {record ? (
          <ol className={styles.timeline}>
            {record.changes.map((c, i) => (
              <li key={`${c.at}-${c.status}`}>
                <strong>{statusName(c.status)}</strong>
                {c.status !== null ? ` at ${progressVerdict(c.progress) ?? `${c.progress}%`}` : ''}
                {i > 0 && c.status !== null && statusWentBack(record.changes[i - 1]!.status, c.status)
                  ? ` (status went back from ${statusName(record.changes[i - 1]!.status)} to ${statusName(c.status)})`
                  : ''}{' '}
                <time dateTime={new Date(c.at).toISOString()}>
                  {formatExact(c.at)} ({formatRelative(c.at, now)})
                </time>
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.hint}>Nothing observed yet: status changes show up here once the console has checked this task.</p>
        )}
      </section>
      <section aria-labelledby="task-progress-title">
        <h3 id="task-progress-title">Progress over time</h3>
        <ProgressSparkline samples={record?.samples ?? []} />
      </section>
      <section aria-labelledby="task-raw-title">
        <h3 id="task-raw-title">Last raw answer</h3>
        {raw !== null ? (
          <pre className={styles.raw} aria-labelledby="task-raw-title" tabIndex={0}>
            {raw}
          </pre>
        ) : (
          <p className={styles.hint}>No answer yet.</p>
        )}
      </section>
    </dialog>
  );
}
