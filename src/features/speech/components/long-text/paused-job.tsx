import type { PausedJob } from '../../hooks/use-long-synthesis';
import styles from './long-text.module.css';

type Props = { paused: PausedJob; onResume: () => void; onDiscard: () => void };

/** A long text that stopped part-way (cancel, an error, a reload): its finished parts are kept. */
export function PausedJobNotice({ paused: { job, done }, onResume, onDiscard }: Props) {
  const total = job.parts.length;
  const snippet = job.request.sourceText.slice(0, 80);
  return (
    <section aria-labelledby="paused-job-title" className={styles.pausedJob}>
      <h3 id="paused-job-title">Unfinished long text</h3>
      <p>
        “{snippet}
        {job.request.sourceText.length > 80 ? '…' : ''}”: {done} of {total} parts done and kept in this browser.
      </p>
      <div className="form-actions">
        <button type="button" className="primary" onClick={onResume}>
          Resume: {total - done} of {total} parts to go
        </button>
        <button type="button" className="danger" onClick={onDiscard}>
          Discard finished parts
        </button>
      </div>
    </section>
  );
}
