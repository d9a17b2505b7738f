import { useEffect, useRef } from 'react';
import { outcomeOf, TaskStatus } from '@/contract';
import { useT } from '@/hooks/use-t';
import { tNodes } from '@/i18n/t-nodes';
import { useFormat } from '@/hooks/use-format';
import { useNow } from '@/hooks/use-now';
import { firstSeenOf, progressSamples, statusChanges, useTaskHistory } from '../history';
import {
  errorAdvice,
  statusGroupName,
  statusGroupOf,
  statusName,
  progressVerdict,
  statusWentBack,
  timeVerdict,
  safeDownloadUrl,
} from '../task';
import type { WatchedTask } from '../rows';
import { CopyButton } from '../copy';
import { ProgressSparkline } from './progress-sparkline';
import styles from './task-details.module.css';
import { encodeUriComponentSafe } from '@/lib/uri-component';

/** The path of a task's details: shareable, and what the task ID links in the table open. */
export const taskDetailsPath = (id: string) => `/tasks/${encodeUriComponentSafe(id)}`;

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

/**
 * A moment of the timeline: always the date and time in the chosen zone (a log is read by its times),
 * and how long ago in brackets when the setting is relative; the zone on hover.
 */
function When({ at, now }: { at: number; now: number }) {
  const f = useFormat();
  const exact = f.dateTime(at);
  return (
    <time dateTime={new Date(at).toISOString()} title={`${exact} (${f.zoneLabel()})`}>
      {f.time.display === 'relative' ? `${exact} (${f.relative(at, now)})` : exact}
    </time>
  );
}

/** One task: its observed timeline, a progress sparkline and the gateway's last raw answer. Escape and Close (or Back) leave it. */
export function TaskDetailsDialog({ id, row, onClose }: Props) {
  const t = useT();
  const f = useFormat();
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
  // A Failed or Aborted task: what its code means and whether to retry (the failures table's advice).
  const failure = item && outcomeOf(item.taskStatus) === 'failure' ? errorAdvice(item.errorCode) : null;
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
          {t('tasks.details.close')}
        </button>
      </header>
      <p>
        {row ? (
          <>
            <strong>{statusGroupName(group)}</strong>
            {item ? t('tasks.details.progress', { progress: oddProgress ?? f.percent(Math.round(item.taskProgress) / 100, 0) }) : ''}
            {updated && 'odd' in updated ? ` · ${t('tasks.details.lastUpdate', { odd: updated.odd })}` : ''}
          </>
        ) : (
          t('tasks.details.notWatched')
        )}
        {record && (
          <>
            {' · '}
            {tNodes('tasks.details.firstSeen', { time: <When at={firstSeenOf(record)} now={now} /> })}
          </>
        )}
      </p>
      {failure && (
        <div className={styles.failure}>
          <p>
            <strong>{t('tasks.details.error', { code: String(failure.code), meaning: failure.meaning })}</strong>
          </p>
          <p>{failure.advice}</p>
        </div>
      )}
      <div className={styles.actions}>
        {download && (
          <a href={download} download rel="noopener noreferrer" aria-label={t('tasks.details.downloadLabel', { id })}>
            {t('tasks.details.download')}
          </a>
        )}
        <CopyButton text={() => id} what={t('tasks.details.copyIdWhat')}>
          {t('tasks.details.copyId')}
        </CopyButton>
        <CopyButton text={() => link} what={t('tasks.details.copyLinkWhat')}>
          {t('tasks.details.copyLink')}
        </CopyButton>
        {raw !== null && (
          <CopyButton text={() => raw} what={t('tasks.details.copyRawWhat')}>
            {t('tasks.details.copyRaw')}
          </CopyButton>
        )}
      </div>
      <section aria-labelledby="task-timeline-title">
        <h3 id="task-timeline-title">{t('tasks.details.timeline')}</h3>
        {record ? (
          <ol className={styles.timeline}>
            {statusChanges(record).map((c, i, changes) => (
              <li key={`${c.at}-${c.status}`}>
                <strong>{statusName(c.status)}</strong>
                {c.status !== null
                  ? ` ${t('tasks.details.atProgress', { progress: progressVerdict(c.progress) ?? f.percent(c.progress / 100, 1) })}`
                  : ''}
                {i > 0 && c.status !== null && statusWentBack(changes[i - 1]!.status, c.status)
                  ? ` ${t('tasks.details.wentBack', { from: statusName(changes[i - 1]!.status), to: statusName(c.status) })}`
                  : ''}{' '}
                <When at={c.at} now={now} />
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.hint}>{t('tasks.details.noHistory')}</p>
        )}
      </section>
      <section aria-labelledby="task-progress-title">
        <h3 id="task-progress-title">{t('tasks.details.progressTitle')}</h3>
        <ProgressSparkline samples={record ? progressSamples(record) : []} />
      </section>
      <section aria-labelledby="task-raw-title">
        <h3 id="task-raw-title">{t('tasks.details.rawTitle')}</h3>
        {raw !== null ? (
          <pre className={styles.raw} aria-labelledby="task-raw-title" tabIndex={0}>
            {raw}
          </pre>
        ) : (
          <p className={styles.hint}>{t('tasks.details.noAnswer')}</p>
        )}
      </section>
    </dialog>
  );
}
