import type { LongProgress } from '../../api/run-long-synthesis';
import page from '../speech-page.module.css';
import styles from './long-text.module.css';

const minutes = (ms: number) => (ms < 60_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`);

/** Part k of n, and the time left as the parts done in this run so far suggest. */
export function SynthesisProgress({ progress }: { progress: LongProgress }) {
  const { done, total, msLeft } = progress;
  const left = msLeft === null ? 'estimating the time left' : `about ${minutes(msLeft)} left`;
  const text = `${done} of ${total} parts done, ${left}`;
  return (
    <div className={styles.longProgress}>
      <progress aria-label="Synthesis progress" max={total} value={done} aria-valuetext={text} />
      <p className={page.hint} aria-live="polite">
        {done < total ? `Part ${done + 1} of ${total} · ` : ''}
        {text}
      </p>
    </div>
  );
}
