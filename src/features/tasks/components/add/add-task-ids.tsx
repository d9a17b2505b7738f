import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import type { Extraction } from '../../model/extract-task-ids';
import { addToWatchList, type AddResult } from '../../stores/watch-list-store';
import styles from '../tasks-page.module.css';

// Extraction and its report load on first use, keeping them out of the first-load bundle.
const ImportReport = lazy(() => import('./import-report').then((m) => ({ default: m.ImportReport })));

const MAX_FILE_BYTES = 20 * 1024 * 1024;

type Report = { source: string; extraction: Extraction; result: AddResult } | { source: string; error: string };

/** Paste box and file import: both go through the same extraction and report what was left out. */
export function AddTaskIds({ onAdded }: { onAdded: () => void }) {
  const [text, setText] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const hintId = useId();

  const add = async (source: string, input: string) => {
    const { extractTaskIds } = await import('../../model/extract-task-ids');
    const extraction = extractTaskIds(input);
    const result = await addToWatchList(extraction.ids);
    setReport({ source, extraction, result });
    if (result.added > 0) onAdded();
    return result;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await add('Pasted text', text);
    if (result.added > 0 || result.alreadyWatched > 0) setText('');
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setReport({ source: file.name, error: `The file is ${(file.size / 1e6).toFixed(1)} MB; at most 20 MB can be read.` });
      return;
    }
    await add(`File ${file.name}`, await file.text());
  };

  return (
    <form className={styles.addIds} onSubmit={(e) => void submit(e)} aria-label="Add tasks">
      <label htmlFor="task-ids-input">Task IDs</label>
      <p id={hintId} className={styles.hint}>
        Paste IDs from anywhere: one per line, separated by commas, spaces or tabs, a JSON array, a CSV column or log lines. Only IDs
        starting with Service_AI are taken.
      </p>
      <textarea
        id="task-ids-input"
        aria-describedby={hintId}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
      />
      <div className={styles.toolbar}>
        <button type="submit" className="primary" disabled={text.trim() === ''}>
          Add to watch list
        </button>
        <label className={styles.fileButton}>
          Import from file…
          <input
            type="file"
            className="visually-hidden"
            accept=".csv,.json,.txt,.log,.tsv,text/*,application/json"
            onChange={(e) => {
              void readFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {report && 'error' in report && (
        <p role="alert" className="field-error">
          {report.error}
        </p>
      )}
      {report && !('error' in report) && (
        <Suspense fallback={null}>
          <ImportReport {...report} />
        </Suspense>
      )}
    </form>
  );
}
