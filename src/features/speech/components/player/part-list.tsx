import type { TakePart } from '../../model/take';
import { formatSeconds } from '@/lib/format';
import styles from './player.module.css';

type Props = { parts: readonly TakePart[]; currentTime: number; onSeek: (seconds: number) => void };

/** Where each part of a long text starts in the joined audio; a click plays from there. */
export function PartList({ parts, currentTime, onSeek }: Props) {
  const ms = currentTime * 1000;
  const playing = parts.findLastIndex((p) => p.startMs <= ms);
  return (
    <section aria-labelledby="parts-title">
      <h3 id="parts-title">Parts ({parts.length})</h3>
      <ol className={styles.segmentList} aria-label="Parts">
        {parts.map((p, i) => (
          <li
            key={i}
            className={i === playing ? `${styles.segment} ${styles.isPlaying}` : styles.segment}
            aria-current={i === playing ? 'true' : undefined}
          >
            <button type="button" onClick={() => onSeek(p.startMs / 1000)}>
              <span className={styles.segmentTime}>{formatSeconds(p.startMs / 1000)}</span>{' '}
              <span>
                Part {i + 1}: {p.text.slice(0, 140)}
                {p.text.length > 140 ? '…' : ''}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
