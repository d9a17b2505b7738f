import { useT } from '@/hooks/use-t';
import type { PausedJob } from './long-job';
import styles from './long-text.module.css';

type Props = { paused: PausedJob; onResume: () => void; onDiscard: () => void };

/** A long text that stopped part-way (cancel, an error, a reload): its finished parts are kept. */
export function PausedJobNotice({ paused: { job, done }, onResume, onDiscard }: Props) {
  const t = useT();
  const total = job.parts.length;
  const text = job.request.sourceText;
  const snippet = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return (
    <section aria-labelledby="paused-job-title" className={styles.pausedJob}>
      <h3 id="paused-job-title">{t('speech.long.pausedTitle')}</h3>
      <p>{t('speech.long.pausedDone', { snippet, done, total })}</p>
      <div className="form-actions">
        <button type="button" className="primary" onClick={onResume}>
          {t('speech.long.resume', { left: total - done, total })}
        </button>
        <button type="button" className="danger" onClick={onDiscard}>
          {t('speech.long.discard')}
        </button>
      </div>
    </section>
  );
}
