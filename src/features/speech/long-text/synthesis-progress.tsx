import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import type { Translate } from '@/i18n/i18n-store';
import type { LongProgress } from './run-long-synthesis';
import page from '../speech-page.module.css';
import styles from './long-text.module.css';

/** Part k of n and the time left as the parts done in this run so far suggest; once all are done, what is being done with them. */
export function SynthesisProgress({ progress }: { progress: LongProgress }) {
  const { done, total, finishing } = progress;
  const t = useT();
  const f = useFormat();
  const text = finishing
    ? finishing.normalizeTo === null
      ? t('speech.long.joining', { total })
      : t('speech.long.normalizing', { total, target: f.number(finishing.normalizeTo) })
    : t('speech.long.done', { done, total, left: timeLeft(progress.msLeft, t, f) });
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

/** Whole minutes past one minute: an estimate, not a countdown. */
function timeLeft(msLeft: number | null, t: Translate, f: ReturnType<typeof useFormat>): string {
  if (msLeft === null) return t('speech.long.estimating');
  const rounded = msLeft < 60_000 ? Math.max(1000, msLeft) : Math.round(msLeft / 60_000) * 60_000;
  return t('speech.long.timeLeft', { time: f.duration(rounded) });
}
