import { useEffect, useRef } from 'react';
import { isKnownTaskStatus, TaskStatus, taskStatusName } from '@/contract';
import { formatExact, formatRelative } from '@/lib/format-time';
import { useNow } from '../../hooks/use-now';
import { useTaskHistory } from '../../hooks/use-task-history';
import { statusGroupName } from '../../model/status-group';
import type { WatchedTask } from '../../model/task-rows';
import { safeDownloadUrl } from '../../model/task-phase';
import { CopyButton } from '../copy/copy-button';
import { ProgressSparkline } from './progress-sparkline';
import styles from './task-details.module.css';

const statusName = (s: number | null) => (s === null ? 'Not found' : isKnownTaskStatus(s) ? taskStatusName[s] : `Status ${s}`);

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
  const item = row?.snapshot?.item ?? record?.snapshot.item ?? null;
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
            <strong>{statusGroupName(row.group)}</strong>
            {row.snapshot?.item ? `, ${row.progress}%` : ''}
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
            {record.changes.map((c) => (
              <li key={`${c.at}-${c.status}`}>
                <strong>{statusName(c.status)}</strong>
                {c.status !== null ? ` at ${c.progress}%` : ''}{' '}
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
