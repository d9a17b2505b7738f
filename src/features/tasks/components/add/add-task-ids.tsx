import { lazy, memo, Suspense, useId, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import type { TextAdded } from '../../stores/add-to-watch-list';
import { flushSync } from 'react-dom';
import styles from '../tasks-page.module.css';

// Extraction and its report load on first use, keeping them out of the first-load bundle.
const ImportReport = lazy(() => import('./import-report').then((m) => ({ default: m.ImportReport })));

const MAX_FILE_BYTES = 20 * 1024 * 1024;
// A textarea holding 4.5 MB (100,000 IDs) takes seconds to paste into and lay out; a paste this long is kept aside instead.
const LARGE_PASTE_CHARS = 32_768;

type Report = ({ source: string } & TextAdded) | { source: string; error: string };

/** Paste box and file import: both go through the same extraction, in slices with progress, and report what was left out. */
// Memoized: the page renders with each poll cycle, and React rewrites the file input's type and name each time.
export const AddTaskIds = memo(function AddTaskIds({ onAdded }: { onAdded: () => void }) {
  // Uncontrolled, so a long value is not copied on every render.
  const field = useRef<HTMLTextAreaElement>(null);
  const [empty, setEmpty] = useState(true);
  const [aside, setAside] = useState('');
  const [progress, setProgress] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const hintId = useId();

  // One add at a time, in order: a file imported while a paste is being added waits its turn.
  const add = (source: string, read: () => Promise<string>): Promise<TextAdded | null> => {
    const next = queue.current.then(async () => {
      try {
        const { addTextToWatchList } = await import('../../stores/add-to-watch-list');
        // Rendered at once: React's own scheduling would wait behind the slices (scheduler.yield runs them first).
        const added = await addTextToWatchList(await read(), (line) => flushSync(() => setProgress(line)));
        setReport({ source, ...added });
        // The first check of the new IDs in a task of its own, after the list change has rendered.
        if (added.result.added > 0) setTimeout(onAdded);
        return added;
      } catch (error) {
        setReport({ source, error: `${source} could not be added: ${String(error)}` });
        return null;
      } finally {
        setProgress('');
      }
    });
    queue.current = next;
    return next;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = field.current!;
    const typed = el.value;
    const kept = aside;
    const added = await add('Pasted text', async () => `${typed}\n${kept}`);
    // Cleared only if still what was added: nothing typed meanwhile is lost, nor the text after an error.
    if (!added || added.result.added + added.result.alreadyWatched === 0) return;
    if (el.value === typed) {
      el.value = '';
      setEmpty(true);
    }
    setAside((now) => (now === kept ? '' : now));
  };

  const paste = (e: ClipboardEvent) => {
    const pasted = e.clipboardData.getData('text/plain');
    if (pasted.length < LARGE_PASTE_CHARS) return;
    e.preventDefault();
    setAside((now) => (now ? `${now}\n${pasted}` : pasted));
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setReport({ source: file.name, error: `The file is ${(file.size / 1e6).toFixed(1)} MB; at most 20 MB can be read.` });
      return;
    }
    await add(`File ${file.name}`, () => file.text());
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
        ref={field}
        onChange={(e) => setEmpty(!/\S/.test(e.target.value))}
        onPaste={paste}
        spellCheck={false}
      />
      {aside && (
        <p role="status" className={styles.hint}>
          Pasted text of {(aside.length / 1e6).toFixed(1)} MB kept aside (too long to show); it is added with the field.{' '}
          <button type="button" onClick={() => setAside('')}>
            Discard pasted text
          </button>
        </p>
      )}
      <div className={styles.toolbar}>
        <button type="submit" className="primary" disabled={empty && !aside}>
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
      <p role="status" className={styles.progress}>
        {progress}
      </p>
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
});
