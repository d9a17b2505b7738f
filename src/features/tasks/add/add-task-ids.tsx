import { memo, Suspense, useId, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import type { TextAdded } from './add-to-watch-list';
import { flushSync } from 'react-dom';
import { TASK_ID_PREFIX } from '@/contract';
import { loadNamespace } from '@/i18n/i18n-store';
import { useLocale, useNamespace, useT } from '@/hooks/use-t';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';
import styles from './add.module.css';
import { ADD_FIELD_ID } from './add-field-id';

// Extraction and its report load on first use, keeping them out of the first-load bundle.
const ImportReport = lazyWithMessages('tasks', () => import('./import-report').then((m) => ({ default: m.ImportReport })));

const MAX_FILE_BYTES = 20 * 1024 * 1024;
// A textarea holding 4.5 MB (100,000 IDs) takes seconds to paste into and lay out; a paste this long is kept aside instead.
const LARGE_PASTE_CHARS = 32_768;
/** Megabytes with one decimal, for the locale ("4.5"). */
const megabytes = (locale: string, bytes: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e6);

type Report = ({ source: string } & TextAdded) | { source: string; error: string };

/** Paste box and file import: both go through the same extraction, in slices with progress, and report what was left out. */
// Memoized: the page renders with each poll cycle, and React rewrites the file input's type and name each time.
export const AddTaskIds = memo(function AddTaskIds({ onAdded }: { onAdded: () => void }) {
  // Uncontrolled, so a long value is not copied on every render.
  const t = useT();
  const locale = useLocale();
  const field = useRef<HTMLTextAreaElement>(null);
  const [empty, setEmpty] = useState(true);
  const [aside, setAside] = useState('');
  const [progress, setProgress] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const hintId = useId();
  // The words of rare states (a long paste kept aside, a file too big) are `tasks` messages, out of the first visit.
  const asideReady = useNamespace('tasks', aside !== '');

  // One add at a time, in order: a file imported while a paste is being added waits its turn.
  const add = (source: string, read: () => Promise<string>): Promise<TextAdded | null> => {
    const next = queue.current.then(async () => {
      try {
        // The progress lines speak from the `tasks` messages: they load with the code.
        const [{ addTextToWatchList }] = await Promise.all([import('./add-to-watch-list'), loadNamespace('tasks')]);
        // Rendered at once: React's own scheduling would wait behind the slices (scheduler.yield runs them first).
        const added = await addTextToWatchList(await read(), (line) => flushSync(() => setProgress(line)));
        setReport({ source, ...added });
        // The first check of the new IDs in a task of its own, after the list change has rendered.
        if (added.result.added > 0) setTimeout(onAdded);
        return added;
      } catch (error) {
        setReport({ source, error: t('common.add.failed', { source, error: String(error) }) });
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
    const added = await add(t('common.add.pasted'), async () => `${typed}\n${kept}`);
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
      await loadNamespace('tasks').catch(() => undefined);
      setReport({
        source: file.name,
        error: t('tasks.add.tooBig', { size: megabytes(locale, file.size), max: String(MAX_FILE_BYTES / 1024 / 1024) }),
      });
      return;
    }
    await add(t('common.add.fromFile', { name: file.name }), () => file.text());
  };

  return (
    <form className={styles.addIds} onSubmit={(e) => void submit(e)} aria-label={t('common.add.form')}>
      <label htmlFor={ADD_FIELD_ID}>{t('common.add.ids')}</label>
      <p id={hintId} className={styles.hint}>
        {t('common.add.hint', { prefix: TASK_ID_PREFIX })}
      </p>
      <textarea
        id={ADD_FIELD_ID}
        aria-describedby={hintId}
        rows={3}
        ref={field}
        onChange={(e) => setEmpty(!/\S/.test(e.target.value))}
        onPaste={paste}
        spellCheck={false}
      />
      {aside && asideReady && (
        <p role="status" className={styles.hint}>
          {t('tasks.add.aside', { size: megabytes(locale, aside.length) })}{' '}
          <button type="button" onClick={() => setAside('')}>
            {t('tasks.add.discard')}
          </button>
        </p>
      )}
      <div className={styles.toolbar}>
        <button type="submit" className="primary" disabled={empty && !aside}>
          {t('common.add.submit')}
        </button>
        <label className={styles.fileButton}>
          {t('common.add.file')}
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
