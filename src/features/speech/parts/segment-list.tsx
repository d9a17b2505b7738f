import { speechSegmentSchema } from '@/contract';
import { useT } from '@/hooks/use-t';
import { segmentTimes } from './segment-time';
import styles from './parts.module.css';

type Props = { speeches: readonly unknown[]; currentTime: number; onSeek: (seconds: number) => void };

/** speeches as a list: known segments seek on click, the playing one is marked; impossible times and other shapes are shown as they came. */
export function SegmentList({ speeches, currentTime, onSeek }: Props) {
  const t = useT();
  if (speeches.length === 0) return null;
  const ms = currentTime * 1000;
  return (
    <section aria-labelledby="segments-title">
      <h3 id="segments-title">{t('speech.segments.title', { count: speeches.length })}</h3>
      <ol className={styles.segmentList}>
        {speeches.map((raw, i) => {
          const parsed = speechSegmentSchema.safeParse(raw);
          if (!parsed.success) {
            return (
              <li key={i} className={`${styles.segment} ${styles.isUnknown}`}>
                <UnknownSegment value={raw} />
              </li>
            );
          }
          const s = parsed.data;
          const { label, seekable } = segmentTimes(t, s.startMs, s.endMs);
          const content = (
            <>
              <span className={styles.segmentTime}>{label}</span> <span>{s.text}</span>
            </>
          );
          if (!seekable) {
            return (
              <li key={i} className={`${styles.segment} ${styles.isInvalid}`}>
                <span>{content}</span>
              </li>
            );
          }
          const playing = ms >= s.startMs && ms < s.endMs;
          return (
            <li
              key={i}
              className={playing ? `${styles.segment} ${styles.isPlaying}` : styles.segment}
              aria-current={playing ? 'true' : undefined}
            >
              <button type="button" onClick={() => onSeek(s.startMs / 1000)}>
                {content}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function UnknownSegment({ value }: { value: unknown }) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return <code>{JSON.stringify(value) ?? String(value)}</code>;
  return (
    <dl className={styles.kv}>
      {Object.entries(value).map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
        </div>
      ))}
    </dl>
  );
}
