import { useRef, useState } from 'react';
import { useFormat } from '@/hooks/use-format';
import { useT } from '@/hooks/use-t';
import type { MessageKey, Translate } from '@/i18n/i18n-store';
import { MAX_BUSY_TRIES, progressOf, type LineState, type QueueStatus } from './queue/script-queue-state';
import {
  cancelScript,
  discardScript,
  pauseScript,
  resumeScript,
  retryFailedLines,
  type ScriptEnv,
  type ScriptJob,
} from './queue/script-queue-store';
import page from '../speech-page.module.css';
import styles from './script.module.css';
import { ZipDownload } from './zip/zip-download';

const QUEUE_STATUS: Record<QueueStatus, MessageKey> = {
  idle: 'speech.script.queue.status.idle',
  running: 'speech.script.queue.status.running',
  paused: 'speech.script.queue.status.paused',
  stopped: 'speech.script.queue.status.stopped',
  cancelled: 'speech.script.queue.status.cancelled',
  finished: 'speech.script.queue.status.finished',
};

const LINE_STATUS: Record<LineState['status'], MessageKey> = {
  pending: 'speech.script.queue.line.pending',
  running: 'speech.script.queue.line.running',
  done: 'speech.script.queue.line.done',
  failed: 'speech.script.queue.line.failed',
  cancelled: 'speech.script.queue.line.cancelled',
};

type Props = { job: ScriptJob; env: () => ScriptEnv };

/** The queue of a script: where it stands ("3 of 50"), its controls, and every line's state. */
export function ScriptQueueView({ job, env }: Props) {
  const t = useT();
  const { state } = job;
  const p = progressOf(state);
  const [confirming, setConfirming] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const progressText = t('speech.script.queue.progress', { done: p.done + p.failed, total: p.total, failed: p.failed });
  const open = state.status !== 'cancelled' && state.status !== 'finished';
  // Resume only when something is left to make (a queue kept paused with every line made has nothing to resume).
  const canResume = p.left > 0 && (state.status === 'paused' || state.status === 'stopped' || state.status === 'idle');
  const canRetry = p.failed > 0 && p.running === 0 && state.status !== 'cancelled';
  const rows = new Map(job.rows.map((r) => [r.line, r]));

  const closeConfirm = (to: 'cancel' | 'title') => {
    setConfirming(false);
    // The Cancel button is gone once the script is cancelled: focus waits on the queue's heading.
    requestAnimationFrame(() => (to === 'cancel' ? cancelButton.current : title.current)?.focus());
  };

  return (
    <section aria-labelledby="script-queue-title" className={page.panel}>
      <h2 id="script-queue-title" ref={title} tabIndex={-1}>
        {t('speech.script.queue.title')}
      </h2>
      {job.restored && state.status === 'paused' && p.left > 0 && (
        <p className={styles.notice}>{t('speech.script.queue.restored', { done: p.done, total: p.total })}</p>
      )}
      {state.stop && (
        <p role="alert" className={styles.stop}>
          {t('speech.script.queue.stopped', { line: String(state.stop.line), left: state.stop.left })}
        </p>
      )}
      <p role="status" className={styles.overall}>
        <strong>{t(QUEUE_STATUS[state.status])}</strong> · {progressText}
      </p>
      <progress
        className={styles.overallBar}
        aria-label={t('speech.script.queue.progressLabel')}
        aria-valuetext={progressText}
        max={Math.max(1, p.total)}
        value={p.done + p.failed}
      />
      <div className="form-actions">
        {state.status === 'running' && (
          <button type="button" onClick={() => pauseScript()}>
            {t('speech.script.queue.pause')}
          </button>
        )}
        {canResume && (
          <button type="button" className="primary" onClick={() => resumeScript(env())}>
            {t('speech.script.queue.resume')}
          </button>
        )}
        {canRetry && (
          <button type="button" onClick={() => retryFailedLines(env())}>
            {t('speech.script.queue.retryFailed')}
          </button>
        )}
        {open && !confirming && (
          <button type="button" ref={cancelButton} className="danger" onClick={() => setConfirming(true)}>
            {t('speech.script.queue.cancel')}
          </button>
        )}
        {!open && (
          <button type="button" onClick={() => void discardScript()}>
            {t('speech.script.queue.discard')}
          </button>
        )}
      </div>
      {confirming && open && (
        <div role="group" aria-labelledby="script-cancel-question" className={styles.confirm}>
          <p id="script-cancel-question">{t('speech.script.queue.confirmCancel', { left: p.left })}</p>
          <div className="form-actions">
            <button
              type="button"
              className="danger"
              onClick={() => {
                cancelScript(env());
                closeConfirm('title');
              }}
            >
              {t('speech.script.queue.confirmYes')}
            </button>
            <button type="button" autoFocus onClick={() => closeConfirm('cancel')}>
              {t('speech.script.queue.confirmNo')}
            </button>
          </div>
        </div>
      )}
      <ZipDownload job={job} />
      <h3 id="script-lines-title">{t('speech.script.queue.linesTitle')}</h3>
      <ol aria-labelledby="script-lines-title" className={styles.lineList}>
        {state.lines.map((line) => (
          <LineRow key={line.line} line={line} text={rows.get(line.line)?.request.sourceText ?? ''} t={t} />
        ))}
      </ol>
    </section>
  );
}

function LineRow({ line, text, t }: { line: LineState; text: string; t: Translate }) {
  const f = useFormat();
  const label = t('speech.script.queue.lineLabel', { line: String(line.line) });
  const notes: string[] = [];
  if (line.status === 'pending' && line.notBefore !== undefined)
    notes.push(t('speech.script.queue.retryAt', { time: f.clock(line.notBefore) }));
  if (line.status === 'failed' && line.error) {
    if (line.error.code === 429) notes.push(t('speech.script.queue.busyFailed', { tries: MAX_BUSY_TRIES }));
    else if (line.error.code !== undefined) notes.push(t('speech.script.queue.failedCode', { code: String(line.error.code) }));
    else if (line.error.httpStatus !== undefined)
      notes.push(t('speech.script.queue.failedHttp', { status: String(line.error.httpStatus) }));
  }
  if (line.resentAfterReload) notes.push(t('speech.script.queue.resent'));
  const finished = line.status === 'done' || line.status === 'failed' || line.status === 'cancelled';
  return (
    <li className={styles.line} data-status={line.status}>
      <span className={styles.lineNumber}>{label}</span>
      <span className={styles.lineText} title={text}>
        {text}
      </span>
      {line.status === 'running' ? (
        <progress className={styles.lineBar} aria-label={label} />
      ) : (
        <progress className={styles.lineBar} aria-label={label} max={1} value={finished ? 1 : 0} />
      )}
      <span className={styles.lineStatus}>
        {t(LINE_STATUS[line.status])}
        {notes.length > 0 && <span className={page.hint}> {notes.join(' · ')}</span>}
      </span>
    </li>
  );
}
