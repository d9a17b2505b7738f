import type { TakePart } from '../../model/take';
import { formatSeconds } from '@/lib/format';
import { useT } from '@/hooks/use-t';
import styles from './player.module.css';

type Props = { parts: readonly TakePart[]; currentTime: number; onSeek: (seconds: number) => void };

/** Where each part of a long text starts in the joined audio; a click plays from there. */
export function PartList({ parts, currentTime, onSeek }: Props) {
  const ms = currentTime * 1000;
  const t = useT();
  const playing = parts.findLastIndex((p) => p.startMs <= ms);
  return (
    <section aria-labelledby="parts-title">
      <h3 id="parts-title">{t('speech.parts.title', { count: parts.length })}</h3>
      <ol className={styles.segmentList} aria-label={t('speech.parts.list')}>
        {parts.map((p, i) => (
          <li
            key={i}
            className={i === playing ? `${styles.segment} ${styles.isPlaying}` : styles.segment}
            aria-current={i === playing ? 'true' : undefined}
          >
            <button type="button" onClick={() => onSeek(p.startMs / 1000)}>
              <span className={styles.segmentTime}>{formatSeconds(p.startMs / 1000)}</span>{' '}
              <span>{t('speech.parts.part', { n: i + 1, text: p.text.length > 140 ? `${p.text.slice(0, 140)}…` : p.text })}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
