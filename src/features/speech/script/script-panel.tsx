import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useFormat } from '@/hooks/use-format';
import { useT } from '@/hooks/use-t';
import { decodeScriptFile, scriptFileTooLarge } from './import/decode-script-file';
import { importScriptInSlices, type ScriptImport } from './import/import-script';
import { SCRIPT_MAX_BYTES, SCRIPT_MAX_LINES, type ScriptRefusal } from './import/script-refusal';
import { applyLexicon, loadedLexicon } from '../lexicon';
import { draftStore } from '../form';
import { loadKeptScript, startScript } from './queue/script-queue-store';
import { useScriptEnv, useScriptJob } from './queue/use-script-job';
import page from '../speech-page.module.css';
import { ImportReport } from './import/import-report';
import { ENCODING_LABEL, refusalText } from './import/refusal-text';
import { ScriptQueueView } from './script-queue-view';
import { useScriptDraft } from './use-script-draft';
import styles from './script.module.css';

/** The most a file puts in the "Script lines" box: 100,000 characters lay out in about 50 ms; more are checked but not shown. */
const BOX_MAX_CHARS = 100_000;

/** The browser's reason, as it words it (a DOMException's message, its closing stop dropped), for a sentence of ours. */
function reasonOf(e: unknown): string {
  const message = typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : String(e);
  return message.replace(/[.。]\s*$/, '');
}

/**
 * The Script tab: lines pasted or a CSV/TSV file, each a take with the Text tab's settings unless
 * its row says otherwise, checked with the form's own schema, then made by the queue.
 */
export function ScriptPanel() {
  const t = useT();
  const format = useFormat();
  const job = useScriptJob();
  const env = useScriptEnv();
  const [text, setText] = useState('');
  const [imported, setImported] = useState<ScriptImport | null>(null);
  const [starting, setStarting] = useState(false);
  // Why the last file read or start failed (IndexedDB refused, the file went away): said where the operator is looking.
  const [failure, setFailure] = useState<string | null>(null);
  // What the tab says about the file it read: its encoding when not UTF-8, its lines kept out of the box when long.
  const [fileNotes, setFileNotes] = useState<string[]>([]);
  // Lines checked before a reload and not made yet, offered back: said until the operator changes them or makes them.
  const [fromBefore, setFromBefore] = useState(false);
  // Each check's number: a check overtaken by an edit, another check or another file is dropped.
  const checkRun = useRef(0);
  const linesId = useId();
  const fileId = useId();

  useScriptDraft(text, imported, (kept) => {
    // The operator has already typed, checked or chosen a file: what they did wins over what was kept.
    if (checkRun.current !== 0) return;
    setText(kept.text);
    if (kept.checked) {
      setImported(kept.checked);
      setFromBefore(true);
    }
  });

  useEffect(() => {
    void loadKeptScript();
  }, []);

  const refuse = (refusal: ScriptRefusal, name = '') => {
    setImported(null);
    setFailure(refusalText(t, format.bytes, refusal, name));
  };
  /** The lines checked in slices; null when an edit, another check or another file overtook it. */
  const runCheck = async (input: string): Promise<ScriptImport | null> => {
    const run = ++checkRun.current;
    setFailure(null);
    setImported(null);
    setFromBefore(false);
    // The length limit applies to the text as sent: with the profile's pronunciation rules, once they are read.
    const rules = await loadedLexicon();
    const result = await importScriptInSlices(input, draftStore.get(), {
      rewrite: (s, language) => applyLexicon(s, rules, language).text.trim(),
    });
    return run === checkRun.current ? result : null;
  };
  const check = async (input: string) => {
    const result = await runCheck(input);
    if (result?.refused) refuse(result.refused);
    else if (result) setImported(result);
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    checkRun.current++;
    setFileNotes([]);
    setFromBefore(false);
    // Refused or not, the same file chosen again (saved as UTF-8, cut in two) is read again.
    const refuseFile = (refusal: ScriptRefusal) => {
      input.value = '';
      refuse(refusal, file.name);
    };
    // Decided on its size, before a byte is read: a 50 MB file is never loaded into the page.
    const tooLarge = scriptFileTooLarge(file.size);
    if (tooLarge) return refuseFile(tooLarge);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      setImported(null);
      setFailure(t('speech.script.fileUnreadable', { name: file.name, reason: reasonOf(e) }));
      return;
    }
    const decoded = decodeScriptFile(bytes);
    if (!decoded.ok) return refuseFile(decoded.refusal);
    // Checked before it is shown: a script past the caps never reaches the box.
    const result = await runCheck(decoded.text);
    if (!result) return;
    if (result.refused) return refuseFile(result.refused);
    const notes: string[] = [];
    if (decoded.encoding !== 'utf-8')
      notes.push(t('speech.script.readAs', { name: file.name, encoding: ENCODING_LABEL[decoded.encoding] }));
    // A long text in a textarea costs the browser a frozen second (1.9 MB: ~950 ms of layout): such a file is checked, not shown.
    if (decoded.text.length <= BOX_MAX_CHARS) setText(decoded.text);
    else notes.push(t('speech.script.keptAside', { name: file.name, size: format.bytes(file.size) }));
    setFileNotes(notes);
    setImported(result);
  };
  const start = async () => {
    if (!imported || imported.rows.length === 0) return;
    setStarting(true);
    setFailure(null);
    try {
      await startScript(imported.rows, env());
      setImported(null);
      setFromBefore(false);
    } catch (e) {
      setFailure(t('speech.script.startFailed', { reason: reasonOf(e) }));
    } finally {
      setStarting(false);
    }
  };
  const rows = imported?.rows.length ?? 0;

  return (
    <div className={styles.script}>
      <section aria-labelledby="script-title" className={page.panel}>
        <h2 id="script-title">{t('speech.script.title')}</h2>
        <p className={page.hint}>{t('speech.script.hint')}</p>
        <p className={page.hint}>{t('speech.script.limits', { lines: SCRIPT_MAX_LINES, size: format.bytes(SCRIPT_MAX_BYTES) })}</p>
        <label htmlFor={linesId}>{t('speech.script.linesLabel')}</label>
        <textarea
          id={linesId}
          className={styles.lines}
          rows={8}
          value={text}
          spellCheck={false}
          onChange={(e) => {
            checkRun.current++;
            setText(e.target.value);
            setImported(null);
            setFileNotes([]);
            setFromBefore(false);
          }}
        />
        <div className={styles.importRow}>
          <span>
            <label htmlFor={fileId}>{t('speech.script.fileLabel')}</label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
              onChange={(e) => void onFile(e)}
            />
          </span>
          <button type="button" onClick={() => void check(text)} disabled={text.trim() === ''}>
            {t('speech.script.check')}
          </button>
        </div>
        {fileNotes.length > 0 && (
          <p role="status" className={page.hint}>
            {fileNotes.join(' ')}
          </p>
        )}
        {failure && (
          <p role="alert" className="field-error">
            {failure}
          </p>
        )}
        {fromBefore && <p className={page.hint}>{t('speech.script.draftRestored', { count: rows })}</p>}
        {imported && <ImportReport report={imported.report} accepted={rows} />}
        {rows > 0 && (
          <div className="form-actions">
            <button type="button" className="primary" disabled={starting} onClick={() => void start()}>
              {t('speech.script.start', { count: rows })}
            </button>
            {job && <span className={page.hint}>{t('speech.script.replaceNote')}</span>}
          </div>
        )}
      </section>
      {job && <ScriptQueueView job={job} env={env} />}
    </div>
  );
}
