import type { Take } from '../../model/take';
import page from '../speech-page.module.css';
import styles from './history.module.css';

type Props = {
  take: Take;
  current: boolean;
  comparing: boolean;
  onReplay: (take: Take) => void;
  onReuse: (take: Take) => void;
  onCompare: (take: Take, on: boolean) => void;
  onDelete: (take: Take) => void;
};

const time = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });

export function HistoryItem({ take, current, comparing, onReplay, onReuse, onCompare, onDelete }: Props) {
  const { request } = take;
  const voice = request.voiceName ?? `timbre ${String(request.timbreNumber)}`;
  const snippet = request.sourceText.length > 90 ? `${request.sourceText.slice(0, 90)}…` : request.sourceText;
  const when = time(take.createdAt);
  return (
    <li className={current ? `${styles.historyItem} ${styles.isCurrent}` : styles.historyItem}>
      <p className={styles.historyText}>
        {snippet}
        {current && <span className={`badge ${styles.inPlayer}`}>in the player</span>}
      </p>
      <p className={styles.historyMeta}>
        <time dateTime={new Date(take.createdAt).toISOString()}>{when}</time> · {take.format.toUpperCase()} · {voice} · speed{' '}
        {String(request.speedFactor ?? 1)} · {take.result.taskId}
        {take.audio.kept ? '' : ' · '}
        {!take.audio.kept && <strong className={styles.notKept}>audio not kept: {take.audio.reason}</strong>}
      </p>
      <div className={styles.historyActions}>
        <button type="button" onClick={() => onReplay(take)} aria-label={`Replay take of ${when}`}>
          Replay
        </button>
        <button type="button" onClick={() => onReuse(take)} aria-label={`Use these settings again (take of ${when})`}>
          Use these settings again
        </button>
        <label className={page.checkbox}>
          <input type="checkbox" checked={comparing} onChange={(e) => onCompare(take, e.target.checked)} /> Compare
          <span className="visually-hidden"> take of {when}</span>
        </label>
        <button type="button" className="danger" onClick={() => onDelete(take)} aria-label={`Delete take of ${when}`}>
          Delete
        </button>
      </div>
    </li>
  );
}
