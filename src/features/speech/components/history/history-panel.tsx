import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { removeAllTakes, removeTake } from '../../stores/history-store';
import { useHistory } from '../../hooks/use-history';
import type { Take } from '../../model/take';
import { formatBytes } from '@/lib/format';
import { useStorageEstimate } from '../../hooks/use-storage-estimate';
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
  const [query, setQuery] = useState('');
  const usage = useStorageEstimate(takes.length);
  const q = query.trim().toLowerCase();
  const shown = q ? takes.filter((t) => t.request.sourceText.toLowerCase().includes(q)) : takes;
  const audioBytes = takes.reduce((sum, t) => sum + (t.audio.kept ? t.audio.byteLength : 0), 0);
  const clearAll = () => {
    if (window.confirm(`Delete all ${takes.length} takes and their audio from this browser?`)) void removeAllTakes();
  };
  return (
    <section aria-labelledby="history-title" className={`${page.panel} ${styles.historyPanel}`}>
      <div className={styles.historyHead}>
        <h2 id="history-title">History</h2>
        <p className={page.hint} aria-live="polite">
          {takes.length} {takes.length === 1 ? 'take' : 'takes'} · audio {formatBytes(audioBytes)}
          {usage !== null ? ` · browser's estimate for this whole site: ${formatBytes(usage)}` : ''}
        </p>
        <button type="button" className="danger" onClick={clearAll} disabled={takes.length === 0}>
          Delete all
        </button>
      </div>
      {error && <ErrorAlert error={new Error(error)} title="History problem" />}
      <label htmlFor="history-search">Search takes by text</label>
      <input id="history-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      {status === 'loading' && (
        <p className="loading" role="status">
          Loading history…
        </p>
      )}
      {status === 'ready' && shown.length === 0 && <p className={page.hint}>{q ? 'No take contains this text.' : 'No takes yet.'}</p>}
      <ol className={styles.historyList}>
        {shown.map((t) => (
          <HistoryItem
            key={t.id}
            take={t}
            current={t.id === currentId}
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
