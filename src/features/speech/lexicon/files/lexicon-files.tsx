import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useT } from '@/hooks/use-t';
import { t as translate } from '@/i18n/i18n-store';
import type { LexiconRule } from '../lexicon';
import { exportLexiconCsv, readLexiconCsv, type LexiconImport, type LexiconReading } from './lexicon-csv';
import { MAX_LEXICON_FILE_CHARS } from '../lexicon-limits';
import { exportLexiconPls, readLexiconPls } from './lexicon-pls';
import { drainInSlices } from './lexicon-reading';
import type { Delimiter } from './parse-delimited';
import { saveText } from '@/lib/save-file';
import { ImportReport, type ImportReportData } from './import-report';
import { mergeRules } from '../rule-check';
import styles from '../lexicon.module.css';

type Props = {
  rules: readonly LexiconRule[];
  profileName: string;
  onImported: (rules: readonly LexiconRule[]) => Promise<void>;
  onStatus: (message: string) => void;
};

type LexiconFormat = 'csv' | 'pls';

/** The reader of each format; a CSV's rows may be split by the delimiter the operator chose (PLS has none). */
const READERS: Record<LexiconFormat, (text: string, rowDelimiter?: Delimiter) => LexiconReading> = {
  csv: readLexiconCsv,
  pls: (text) => readLexiconPls(text),
};

/** A profile's name made safe for a file name (letters, digits, - and _ kept). */
const fileSlug = (name: string) => name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'profile';

/** Import CSV / PLS (added after the rules there, with a report) and export them (downloads). */
export function LexiconFiles({ rules, profileName, onImported, onStatus }: Props) {
  const t = useT();
  const [report, setReport] = useState<ImportReportData | null>(null);

  const [reading, setReading] = useState<string | null>(null);
  const lastFile = useRef<{ file: File; kind: LexiconFormat } | null>(null);
  // An import reads its file, then waits for its rules to be saved: another may start meanwhile. Each merges into the
  // rules as they are when its file is read, and only the newest one reports (an older one's save ending later wrote
  // "2 rules added" over the newer "No rules added").
  const rulesNow = useRef(rules);
  useLayoutEffect(() => {
    rulesNow.current = rules;
  }, [rules]);
  const newestImport = useRef(0);

  /** Reads a file and adds its rules; a CSV can be read again with the delimiter the report offered. */
  const readFile = async (file: File, kind: LexiconFormat, rowDelimiter?: Delimiter) => {
    const importId = ++newestImport.current;
    const isNewest = () => importId === newestImport.current;
    onStatus('');
    let parsed: LexiconImport;
    try {
      // The size cap before a byte is read (a UTF-8 file has at most as many characters as bytes).
      if (file.size > MAX_LEXICON_FILE_CHARS) parsed = { rules: [], errors: [{ line: 0, code: 'tooLarge' }] };
      else {
        setReading(file.name);
        const text = await file.text();
        // Read in slices: input and paint go on while a large file is read.
        parsed = await drainInSlices(READERS[kind](text, rowDelimiter));
      }
    } catch (error) {
      if (isNewest()) setReport({ file: file.name, errors: [], added: 0, alreadyThere: 0, notAdded: 0, unreadable: String(error) });
      return;
    } finally {
      if (isNewest()) setReading(null);
    }
    const merged = mergeRules(rulesNow.current, parsed.rules);
    if (merged.added > 0) await onImported(merged.rules);
    if (!isNewest()) return;
    setReport({
      file: file.name,
      errors: parsed.errors,
      added: merged.added,
      alreadyThere: merged.alreadyThere,
      notAdded: merged.notAdded,
      ...(parsed.otherDelimiter ? { otherDelimiter: parsed.otherDelimiter } : {}),
    });
    // Kept for "Read it with …" (a File can be read again).
    lastFile.current = { file, kind };
  };

  const importFile = (kind: LexiconFormat) => async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    // The same file can be chosen again after it is fixed.
    input.value = '';
    await readFile(file, kind);
  };

  const exportCsv = () => {
    const file = `pronunciation-${fileSlug(profileName)}.csv`;
    // A BOM, so a spreadsheet reads the file as UTF-8 (the import drops it).
    saveText(`\uFEFF${exportLexiconCsv(rules)}`, file, 'text/csv;charset=utf-8');
    onStatus(translate('speech.lexicon.files.exported', { file, count: rules.length }));
  };
  const exportPls = () => {
    // One file per scope (lexicon-pls.ts): a file's name says its language, `all` for the rules of every language.
    const files = exportLexiconPls(rules);
    const base = `pronunciation-${fileSlug(profileName)}`;
    const names = files.map((f) => (files.length === 1 ? `${base}.pls` : `${base}-${fileSlug(f.language ?? 'all')}.pls`));
    files.forEach((f, i) => saveText(f.xml, names[i]!, 'application/pls+xml'));
    const saved =
      files.length === 1
        ? translate('speech.lexicon.files.exported', { file: names[0]!, count: rules.length })
        : translate('speech.lexicon.files.exportedPerLanguage', { files: names.join(', '), count: rules.length });
    const approximated = files.reduce((n, f) => n + f.approximated.length, 0);
    onStatus(approximated > 0 ? `${saved} ${translate('speech.lexicon.files.approximated', { count: approximated })}` : saved);
  };

  return (
    <>
      <h3>{t('speech.lexicon.files.title')}</h3>
      <div className={styles.files}>
        <div className={styles.fileField}>
          <label htmlFor="lexicon-import-csv">{t('speech.lexicon.files.importCsv')}</label>
          <input
            id="lexicon-import-csv"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
            onChange={(e) => void importFile('csv')(e)}
          />
        </div>
        <div className={styles.fileField}>
          <label htmlFor="lexicon-import-pls">{t('speech.lexicon.files.importPls')}</label>
          <input
            id="lexicon-import-pls"
            type="file"
            accept=".pls,.xml,application/pls+xml,application/xml,text/xml"
            onChange={(e) => void importFile('pls')(e)}
          />
        </div>
        <div className="form-actions">
          <button type="button" onClick={exportCsv} disabled={rules.length === 0}>
            {t('speech.lexicon.files.exportCsv')}
          </button>
          <button type="button" onClick={exportPls} disabled={rules.length === 0}>
            {t('speech.lexicon.files.exportPls')}
          </button>
        </div>
      </div>
      <p role="status" className={styles.reading}>
        {reading !== null && t('speech.lexicon.bounds.reading', { file: reading })}
      </p>
      {report && (
        <ImportReport
          report={report}
          onReadWith={(delimiter) => {
            if (lastFile.current) void readFile(lastFile.current.file, lastFile.current.kind, delimiter);
          }}
          onClose={() => {
            setReport(null);
            document.getElementById('lexicon-import-csv')?.focus();
          }}
        />
      )}
    </>
  );
}
