import { useEffect, useRef } from 'react';
import { useT } from '@/hooks/use-t';
import type { MessageKey, Translate } from '@/i18n/i18n-store';
import { MAX_LEXICON_RULES, type LexiconEntryError, type NotXml, type OtherDelimiter } from './lexicon-csv';
import type { Delimiter } from './parse-delimited';
import { MAX_LEXICON_ENTRIES } from '../lexicon-limits';
import styles from '../lexicon.module.css';

export type ImportReportData = {
  file: string;
  errors: readonly LexiconEntryError[];
  added: number;
  alreadyThere: number;
  notAdded: number;
  /** The file could not be read at all (its reason, from the browser). */
  unreadable?: string;
  /** No CSV row was read, and another delimiter reads some: offered with a button. */
  otherDelimiter?: OtherDelimiter;
};

/** One entry error in the operator's words (docs/script-messages.md). */
export function entryMessage(e: LexiconEntryError, t: Translate): string {
  switch (e.code) {
    case 'notABoolean':
      return t('speech.lexicon.entry.notABoolean', {
        line: e.line,
        value: e.value,
        column: t(e.column === 'wholeWord' ? 'speech.lexicon.col.wholeWord' : 'speech.lexicon.col.caseSensitive'),
      });
    case 'duplicate':
      return t('speech.lexicon.entry.duplicate', { line: e.line, of: e.of });
    case 'badEntity':
      return t('speech.lexicon.entry.badEntity', { line: e.line, entity: e.entity });
    case 'textTooLong':
      return t('speech.lexicon.bounds.textTooLong', {
        line: e.line,
        chars: e.chars,
        max: e.max,
        column: t(e.column === 'written' ? 'speech.lexicon.col.written' : 'speech.lexicon.col.said'),
      });
    case 'tooManyLines':
      return t('speech.lexicon.bounds.tooManyLines', { line: e.line, max: MAX_LEXICON_ENTRIES });
    case 'notXml':
      return t(XML_KEY[e.problem], { ...e });
    default:
      return t(ENTRY_KEY[e.code], { line: e.line });
  }
}

const ENTRY_KEY = {
  missingWritten: 'speech.lexicon.entry.missingWritten',
  missingSaid: 'speech.lexicon.entry.missingSaid',
  phonemeOnly: 'speech.lexicon.entry.phonemeOnly',
  noHeader: 'speech.lexicon.entry.noHeader',
  doctype: 'speech.lexicon.entry.doctype',
  notPls: 'speech.lexicon.entry.notPls',
  tooLarge: 'speech.lexicon.entry.tooLarge',
  tooManyEntries: 'speech.lexicon.entry.tooManyEntries',
} as const satisfies Record<
  Exclude<LexiconEntryError['code'], 'notABoolean' | 'duplicate' | 'badEntity' | 'textTooLong' | 'tooManyLines' | 'notXml'>,
  MessageKey
>;

const XML_KEY = {
  endsInTag: 'speech.lexicon.xml.endsInTag',
  endsInComment: 'speech.lexicon.xml.endsInComment',
  endsInCdata: 'speech.lexicon.xml.endsInCdata',
  endsInPi: 'speech.lexicon.xml.endsInPi',
  outsideRoot: 'speech.lexicon.xml.outsideRoot',
  bareAmpersand: 'speech.lexicon.xml.bareAmpersand',
  bareLessThan: 'speech.lexicon.xml.bareLessThan',
  endsOpen: 'speech.lexicon.xml.endsOpen',
  mismatch: 'speech.lexicon.xml.mismatch',
  strayClose: 'speech.lexicon.xml.strayClose',
} as const satisfies Record<NotXml['problem'], MessageKey>;

/** Most problems listed (in a box that scrolls): a file of 10,000 broken entries is reported by a count past these, not 10,000 list items. */
const MAX_LISTED = 1000;
/** Past this many problems the list scrolls in a box of its own (reached with Tab, so keys scroll it). */
const SCROLL_PAST = 8;

const DELIMITER_NAME = {
  ',': 'speech.lexicon.delimiter.comma',
  ';': 'speech.lexicon.delimiter.semicolon',
  '\t': 'speech.lexicon.delimiter.tab',
} as const satisfies Record<Delimiter, MessageKey>;

/** The problems listed: the first ones, and a problem that stopped the reading (the file's cap) always among them. */
function listed(errors: readonly LexiconEntryError[]): readonly LexiconEntryError[] {
  if (errors.length <= MAX_LISTED) return errors;
  const stop = errors.find((e) => e.code === 'tooManyLines' || e.code === 'tooManyEntries');
  const first = errors.slice(0, stop ? MAX_LISTED - 1 : MAX_LISTED);
  return stop && !first.includes(stop) ? [stop, ...first] : first;
}

/** No row was read with the file's delimiter, another reads some: said, and offered as a button (never taken unasked). */
function DelimiterOffer({ offer, onReadWith }: { offer: OtherDelimiter; onReadWith: (delimiter: Delimiter) => void }) {
  const t = useT();
  const other = t(DELIMITER_NAME[offer.delimiter]);
  return (
    <p className={styles.offer}>
      {t('speech.lexicon.report.otherDelimiter', { instead: t(DELIMITER_NAME[offer.instead]), delimiter: other, count: offer.rules })}{' '}
      <button type="button" onClick={() => onReadWith(offer.delimiter)}>
        {t('speech.lexicon.report.readWith', { delimiter: other })}
      </button>
    </p>
  );
}

type Props = { report: ImportReportData; onClose: () => void; onReadWith: (delimiter: Delimiter) => void };

/** What an import did: rules added, kept once, left out, and each refused entry with its line. Focus comes here when it appears. */
export function ImportReport({ report, onClose, onReadWith }: Props) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [report]);
  return (
    <section className={styles.report} aria-labelledby="lexicon-report-title">
      <h3 id="lexicon-report-title" ref={heading} tabIndex={-1}>
        {t('speech.lexicon.report.title', { file: report.file })}
      </h3>
      {report.unreadable !== undefined ? (
        <p>{t('speech.lexicon.report.unreadable', { message: report.unreadable })}</p>
      ) : (
        <>
          <p>
            {t('speech.lexicon.report.added', { count: report.added })}
            {report.alreadyThere > 0 && <> {t('speech.lexicon.report.alreadyThere', { count: report.alreadyThere })}</>}
            {report.notAdded > 0 && <> {t('speech.lexicon.report.full', { count: report.notAdded, max: MAX_LEXICON_RULES })}</>}
          </p>
          {report.otherDelimiter && <DelimiterOffer offer={report.otherDelimiter} onReadWith={onReadWith} />}
          {report.errors.length > 0 && (
            <>
              <p id="lexicon-report-problems">{t('speech.lexicon.report.problems', { count: report.errors.length })}</p>
              <ul
                aria-labelledby="lexicon-report-problems"
                className={report.errors.length > SCROLL_PAST ? styles.problems : undefined}
                tabIndex={report.errors.length > SCROLL_PAST ? 0 : undefined}
              >
                {listed(report.errors).map((e, i) => (
                  <li key={i}>{entryMessage(e, t)}</li>
                ))}
                {report.errors.length > MAX_LISTED && (
                  <li>{t('speech.lexicon.bounds.moreProblems', { count: report.errors.length - MAX_LISTED })}</li>
                )}
              </ul>
            </>
          )}
        </>
      )}
      <button type="button" onClick={onClose}>
        {t('speech.lexicon.report.close')}
      </button>
    </section>
  );
}
