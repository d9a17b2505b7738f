import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import type { LongProgress } from '../../api/run-long-synthesis';
import page from '../speech-page.module.css';
import styles from './long-text.module.css';

/** Part k of n, and the time left as the parts done in this run so far suggest. */
export function SynthesisProgress({ progress }: { progress: LongProgress }) {
  const { done, total, msLeft, finishing } = progress;
  const t = useT();
  const f = useFormat();
  if (finishing) {
    const text =
      finishing.normalizeTo === null
        ? t('speech.long.joining', { total })
        : t('speech.long.normalizing', { total, target: f.number(finishing.normalizeTo) });
    return (
      <div className={styles.longProgress}>
        <progress aria-label={t('speech.long.progressLabel')} max={total} value={done} aria-valuetext={text} />
        <p className={page.hint} aria-live="polite">
          {text}
        </p>
      </div>
    );
  }
  // Whole minutes past one minute: an estimate, not a countdown.
  const rounded = msLeft === null ? null : msLeft < 60_000 ? Math.max(1000, msLeft) : Math.round(msLeft / 60_000) * 60_000;
  const left = rounded === null ? t('speech.long.estimating') : t('speech.long.timeLeft', { time: f.duration(rounded) });
  const text = t('speech.long.done', { done, total, left });
  return (
    <div className={styles.longProgress}>
      <progress aria-label={t('speech.long.progressLabel')} max={total} value={done} aria-valuetext={text} />
      <p className={page.hint} aria-live="polite">
        {done < total ? t('speech.long.current', { n: done + 1, total }) : ''}
        {text}
      </p>
    </div>
  );
}
