import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { useClock } from '@/hooks/use-now';
import { tNodes } from '@/i18n/t-nodes';
import type { Take } from '../take';
import { LoudnessNoteText, MeasuredLoudness } from '../loudness';
import page from '../speech-page.module.css';
import styles from './history.module.css';

type Props = {
  take: Take;
  current: boolean;
  /** Listed but not yet written to this browser's storage. */
  saving: boolean;
  comparing: boolean;
  onReplay: (take: Take) => void;
  onReuse: (take: Take) => void;
  onCompare: (take: Take, on: boolean) => void;
  onDelete: (take: Take) => void;
};

export function HistoryItem({ take, current, saving, comparing, onReplay, onReuse, onCompare, onDelete }: Props) {
  const { request } = take;
  const t = useT();
  const f = useFormat();
  const relative = f.time.display === 'relative';
  // The shared clock, read in 5 s steps (a row re-renders when its step changes); 0 when not relative.
  const now = useClock((at) => (relative ? at - (at % 5_000) : 0));
  const voice = request.voiceName ?? t('speech.take.timbre', { n: String(request.timbreNumber) });
  const snippet = request.sourceText.length > 90 ? `${request.sourceText.slice(0, 90)}…` : request.sourceText;
  // Shown as the time setting says; the buttons' names carry the absolute time, so no two takes share a name.
  const when = f.dateTime(take.createdAt, { dateStyle: 'short', timeStyle: 'medium' });
  const shown = relative ? f.relative(take.createdAt, now) : when;
  return (
    <li className={current ? `${styles.historyItem} ${styles.isCurrent}` : styles.historyItem}>
      <p className={styles.historyText}>
        {snippet}
        {current && <span className={`badge ${styles.inPlayer}`}>{t('speech.history.inPlayer')}</span>}
        {saving && <span className={`badge ${styles.saving}`}>{t('speech.history.saving')}</span>}
      </p>
      <p className={styles.historyMeta}>
        <time dateTime={new Date(take.createdAt).toISOString()} title={relative ? when : undefined}>
          {shown}
        </time>{' '}
        · {take.format.toUpperCase()} · {voice} · {t('speech.history.speed', { speed: request.speedFactor ?? 1 })} · {take.result.taskId}
        {take.audio.kept ? '' : ' · '}
        {!take.audio.kept && <strong className={styles.notKept}>{t('speech.history.notKept', { reason: take.audio.reason })}</strong>}
      </p>
      {take.audio.kept && (
        <p className={styles.historyMeta}>
          {tNodes('speech.takes.loudnessLine', { value: <MeasuredLoudness take={take} /> })}
          {take.loudness && (
            <>
              {' · '}
              <LoudnessNoteText note={take.loudness} />
            </>
          )}
        </p>
      )}
      <div className={styles.historyActions}>
        <button type="button" onClick={() => onReplay(take)} aria-label={t('speech.history.replayTake', { when })}>
          {t('speech.history.replay')}
        </button>
        <button type="button" onClick={() => onReuse(take)} aria-label={t('speech.history.reuseTake', { when })}>
          {t('speech.history.reuse')}
        </button>
        <label className={page.checkbox}>
          <input type="checkbox" checked={comparing} onChange={(e) => onCompare(take, e.target.checked)} /> {t('speech.history.compare')}
          <span className="visually-hidden">{t('speech.history.compareTake', { when })}</span>
        </label>
        <button type="button" className="danger" onClick={() => onDelete(take)} aria-label={t('speech.history.deleteTake', { when })}>
          {t('speech.history.delete')}
        </button>
      </div>
    </li>
  );
}
