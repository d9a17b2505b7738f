import { useT } from '@/hooks/use-t';
import type { MessageKey, Translate } from '@/i18n/i18n-store';
import type { SpeechFormField } from '../../request';
import type { ImportReport as Report } from './import-script';
import type { ScriptColumn } from './script-columns';
import type { RowReason } from './script-row-reasons';
import styles from '../script.module.css';

const FIELD: Record<SpeechFormField, MessageKey> = {
  sourceText: 'speech.script.field.sourceText',
  targetLanguage: 'speech.script.field.targetLanguage',
  voiceName: 'speech.script.field.voiceName',
  timbreNumber: 'speech.script.field.timbreNumber',
  common: 'speech.script.field.common',
  selectedEngine: 'speech.script.field.selectedEngine',
  speedFactor: 'speech.script.field.speedFactor',
  volume: 'speech.script.field.volume',
  emotion: 'speech.script.field.emotion',
  format: 'speech.script.field.format',
};

const COLUMN: Record<ScriptColumn, MessageKey> = {
  text: 'speech.script.column.text',
  voice: 'speech.script.column.voice',
  language: 'speech.script.column.language',
  speed: 'speech.script.column.speed',
  volume: 'speech.script.column.volume',
  emotion: 'speech.script.column.emotion',
  format: 'speech.script.column.format',
  fileName: 'speech.script.column.fileName',
};

/** One reason a row is not sent, in the operator's language (docs/script-messages.md). */
function reasonText(t: Translate, line: number, reason: RowReason): string {
  const at = String(line);
  switch (reason.code) {
    case 'missingText':
      return t('speech.script.reason.missingText', { line: at });
    case 'extraFields':
      return t('speech.script.reason.extraFields', { line: at, fields: reason.fields, columns: reason.columns });
    case 'unterminatedQuote':
      return t('speech.script.reason.unterminatedQuote', { line: at });
    case 'notANumber':
      return t('speech.script.reason.notANumber', { line: at, value: reason.value, column: t(COLUMN[reason.column]) });
    case 'unknownFormat':
      return t('speech.script.reason.unknownFormat', { line: at, value: reason.value });
    case 'textTooLong':
      return t('speech.script.reason.textTooLong', { line: at, chars: reason.chars, max: reason.max });
    case 'invalidValue': {
      const field = t(FIELD[reason.field]);
      if (reason.issue === 'too_big' && reason.limit !== undefined)
        return t('speech.script.reason.tooBig', { line: at, field, limit: reason.limit });
      if (reason.issue === 'too_small' && reason.limit !== undefined)
        return t('speech.script.reason.tooSmall', { line: at, field, limit: reason.limit });
      if (reason.issue === 'custom' && (reason.field === 'voiceName' || reason.field === 'timbreNumber'))
        return t('speech.script.reason.voice', { line: at });
      return t('speech.script.reason.invalidValue', { line: at, field });
    }
  }
}

/** What an import made of the lines: how many go, which do not and why, columns not read. Nothing is dropped unsaid. */
export function ImportReport({ report, accepted }: { report: Report; accepted: number }) {
  const t = useT();
  const notes = [
    ...report.unknownColumns.map((c) => t('speech.script.report.unknownColumn', { column: c.column, header: c.header })),
    ...report.repeatedColumns.map((c) =>
      t('speech.script.report.repeatedColumn', { at: c.at, header: c.header, column: t(COLUMN[c.column]) }),
    ),
    ...report.duplicateFileNames.map((d) =>
      t('speech.script.report.duplicateFileName', { lines: d.lines.join(', '), fileName: d.fileName }),
    ),
  ];
  return (
    <section aria-labelledby="script-report-title" className={styles.report}>
      <h3 id="script-report-title">{t('speech.script.report.title')}</h3>
      <p>
        {accepted === 0 && report.badRows.length === 0
          ? t('speech.script.report.nothing')
          : t('speech.script.report.accepted', { count: accepted })}
      </p>
      {report.badRows.length > 0 && (
        <div role="alert" className={styles.badRows}>
          <p>{t('speech.script.report.refused', { count: report.badRows.length })}</p>
          <ul aria-label={t('speech.script.report.badRowsTitle')}>
            {report.badRows.flatMap((row) =>
              // Voice name and timbre number are refused together, for one reason: said once.
              [...new Set(row.reasons.map((reason) => reasonText(t, row.line, reason)))].map((text) => <li key={text}>{text}</li>),
            )}
          </ul>
        </div>
      )}
      {notes.length > 0 && (
        <ul aria-label={t('speech.script.report.columnsTitle')}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {report.blankLines > 0 && <p className={styles.hint}>{t('speech.script.report.blankLines', { count: report.blankLines })}</p>}
    </section>
  );
}
