import type { TakePart } from '../../model/take';
import { formatSeconds } from '@/lib/format';

type Props = { parts: readonly TakePart[]; currentTime: number; onSeek: (seconds: number) => void };

/** Where each part of a long text starts in the joined audio; a click plays from there. */
export function PartList({ parts, currentTime, onSeek }: Props) {
  const ms = currentTime * 1000;
  const playing = parts.findLastIndex((p) => p.startMs <= ms);
  return (
    <section aria-labelledby="parts-title" className="segments">
      <h3 id="parts-title">Parts ({parts.length})</h3>
      <ol className="segment-list" aria-label="Parts">
        {parts.map((p, i) => (
          <li key={i} className={i === playing ? 'segment is-playing' : 'segment'} aria-current={i === playing ? 'true' : undefined}>
            <button type="button" onClick={() => onSeek(p.startMs / 1000)}>
              <span className="segment-time">{formatSeconds(p.startMs / 1000)}</span>{' '}
              <span className="segment-text">
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
