import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { removeAllTakes, removeTake, savingTakesStore } from './history-store';
import { useHistory } from './use-history';
import type { Take } from '../take';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { useStorageEstimate } from '../storage';
import { HistoryItem } from './history-item';
import page from '../speech-page.module.css';
import styles from './history.module.css';

type Props = {
  currentId: string | null;
  compareIds: readonly string[];
  onReplay: (take: Take) => void;
  onReuse: (take: Take) => void;
  onCompare: (take: Take, on: boolean) => void;
};

/** Every take kept in this browser, newest first, searchable by its text. */
export function HistoryPanel({ currentId, compareIds, onReplay, onReuse, onCompare }: Props) {
  const { status, takes, error } = useHistory();
  const saving = savingTakesStore.use();
  const [query, setQuery] = useState('');
  const t = useT();
  const f = useFormat();
  const usage = useStorageEstimate(takes.length);
  const q = query.trim().toLowerCase();
  const shown = q ? takes.filter((t) => t.request.sourceText.toLowerCase().includes(q)) : takes;
  const audioBytes = takes.reduce((sum, t) => sum + (t.audio.kept ? t.audio.byteLength : 0), 0);
  const clearAll = () => {
    if (window.confirm(t('speech.history.confirmDeleteAll', { count: takes.length }))) void removeAllTakes();
  };
  return (
    <section aria-labelledby="history-title" className={`${page.panel} ${styles.historyPanel}`}>
      <div className={styles.historyHead}>
        <h2 id="history-title">{t('speech.history.title')}</h2>
        <p className={page.hint} aria-live="polite">
          {t('speech.history.summary', { count: takes.length, size: f.bytes(audioBytes) })}
          {usage !== null ? t('speech.history.site', { size: f.bytes(usage) }) : ''}
        </p>
        <button type="button" className="danger" onClick={clearAll} disabled={takes.length === 0}>
          {t('speech.history.deleteAll')}
        </button>
      </div>
      {error && <ErrorAlert error={new Error(error)} title={t('speech.history.problem')} />}
      <label htmlFor="history-search">{t('speech.history.search')}</label>
      <input id="history-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      {status === 'loading' && (
        <p className="loading" role="status">
          {t('speech.history.loading')}
        </p>
      )}
      {status === 'ready' && shown.length === 0 && (
        <p className={page.hint}>{q ? t('speech.history.noMatch') : t('speech.history.empty')}</p>
      )}
      <ol className={styles.historyList}>
        {shown.map((t) => (
          <HistoryItem
            key={t.id}
            take={t}
            current={t.id === currentId}
            saving={saving.includes(t.id)}
            comparing={compareIds.includes(t.id)}
            onReplay={onReplay}
            onReuse={onReuse}
            onCompare={onCompare}
            onDelete={(take) => void removeTake(take.id)}
          />
        ))}
      </ol>
    </section>
  );
}
