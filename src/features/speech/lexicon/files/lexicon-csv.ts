import { countSourceTextChars } from '@/contract';
import type { LexiconRule } from '../lexicon';
import { MAX_LEXICON_ENTRIES, MAX_LEXICON_FILE_CHARS, MAX_RULE_TEXT_CHARS, ruleTextFits } from '../lexicon-limits';
import { drain, type Reading } from './lexicon-reading';
import { delimitedRecords, detectDelimiter, firstLine, parseDelimited, type Delimiter } from './parse-delimited';

/** Why one entry of an imported lexicon was not taken (codes for the catalog; `line` is 1-based). */
export type LexiconEntryError =
  | { line: number; code: 'missingWritten' }
  | { line: number; code: 'missingSaid' }
  | { line: number; code: 'notABoolean'; column: 'wholeWord' | 'caseSensitive'; value: string }
  | { line: number; code: 'duplicate'; of: number }
  | { line: number; code: 'phonemeOnly' }
  | { line: number; code: 'badEntity'; entity: string }
  | { line: number; code: 'textTooLong'; column: 'written' | 'said'; chars: number; max: number }
  /** Reading stopped here: the file has more than MAX_LEXICON_ENTRIES entries. */
  | { line: number; code: 'tooManyLines' }
  /** PLS: the file is not well-formed XML at this line and column (1-based, in characters); reading stopped there. */
  | NotXml
  | { line: 0; code: 'noHeader' | 'doctype' | 'notPls' | 'tooLarge' | 'tooManyEntries' };

/**
 * What makes a PLS file not well-formed XML, at `line`/`column`: the file ends inside a tag, comment, CDATA
 * section or processing instruction begun there, or with `tag` (opened at `openLine`) still open; a closing
 * `tag` that does not close the `open` element (or closes nothing); text or an element outside the root; a
 * `&` that begins no reference or a `<` that begins no tag.
 */
export type NotXml = { line: number; column: number; code: 'notXml' } & (
  | { problem: 'endsInTag' | 'endsInComment' | 'endsInCdata' | 'endsInPi' | 'outsideRoot' | 'bareAmpersand' | 'bareLessThan' }
  | { problem: 'endsOpen'; tag: string; openLine: number }
  | { problem: 'mismatch'; tag: string; open: string; openLine: number }
  | { problem: 'strayClose'; tag: string }
);

export type LexiconImport = {
  rules: LexiconRule[];
  errors: LexiconEntryError[];
  /** CSV: no line could be read with `instead` between the columns, and `delimiter` reads `rules` of them (offered, not taken). */
  otherDelimiter?: OtherDelimiter;
};

export type OtherDelimiter = { delimiter: Delimiter; instead: Delimiter; rules: number };

/** A lexicon file being read (lexicon-reading.ts runs it at once or in slices). */
export type LexiconReading = Reading<LexiconImport>;

/** Most rules one lexicon takes (each is a pass over the text). */
export const MAX_LEXICON_RULES = 2000;

const key = (h: string) => h.toLowerCase().replace(/[\s_-]+/g, '');
const HEADERS = {
  written: ['written', 'grapheme', 'word'],
  said: ['said', 'alias', 'saidas'],
  wholeWord: ['wholeword'],
  caseSensitive: ['casesensitive'],
  language: ['language', 'lang'],
} as const;
type Column = keyof typeof HEADERS;
const columnOf = (h: string) => (Object.keys(HEADERS) as Column[]).find((c) => (HEADERS[c] as readonly string[]).includes(key(h)));

const TRUE = new Set(['true', 'yes', 'y', '1', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/** The same rule twice: same written form (case folded unless case-sensitive), language and options. */
export const ruleKey = (r: LexiconRule) =>
  JSON.stringify([r.caseSensitive ? r.written : r.written.toLowerCase(), r.language ?? '', r.wholeWord, r.caseSensitive]);

const namesWritten = (fields: string[]) => fields.some((h) => columnOf(h) === 'written');

/** Delimiters tried for the rows when none was read with the header's: tab, semicolon, comma. */
const OTHER_DELIMITERS: readonly Delimiter[] = ['\t', ';', ','];

/**
 * A lexicon from CSV/TSV with a header: written, said, and optionally whole word, case sensitive, language.
 * The delimiter is the header's (tab, semicolon or comma); `rowDelimiter`, the operator's choice, splits
 * the rows instead (and the header too when it names the columns so). When no row could be read and another
 * delimiter reads some, the result offers it (`otherDelimiter`); it is never taken unasked.
 * Bounded up front: MAX_LEXICON_FILE_CHARS read at most, MAX_LEXICON_ENTRIES records, MAX_LEXICON_RULES
 * rules, a written or said text of MAX_RULE_TEXT_CHARS. One pass (three when no row was read); yields after each record.
 */
export function* readLexiconCsv(input: string, rowDelimiter?: Delimiter): LexiconReading {
  if (input.length > MAX_LEXICON_FILE_CHARS) return { rules: [], errors: [{ line: 0, code: 'tooLarge' }] };
  const headerLine = firstLine(input);
  const headerDelimiter =
    rowDelimiter && namesWritten(parseDelimited(headerLine, rowDelimiter)[0]?.fields ?? [])
      ? rowDelimiter
      : detectDelimiter(headerLine, namesWritten);
  if (headerDelimiter === null) return { rules: [], errors: [{ line: 0, code: 'noHeader' }] };
  const delimiter = rowDelimiter ?? headerDelimiter;
  const records = delimitedRecords(input, delimiter);
  const header = records.next();
  // A header split otherwise than its rows is read from its own line.
  const headerFields =
    delimiter === headerDelimiter
      ? header.done
        ? []
        : header.value.fields
      : (parseDelimited(headerLine, headerDelimiter)[0]?.fields ?? []);
  const at = new Map<Column, number>();
  headerFields.forEach((h, i) => {
    const c = columnOf(h);
    if (c && !at.has(c)) at.set(c, i);
  });
  const rules: LexiconRule[] = [];
  const errors: LexiconEntryError[] = [];
  const seen = new Map<string, number>();
  let entries = 0;
  for (const { line, fields } of records) {
    yield;
    if (fields.every((f) => f.trim() === '')) continue;
    if (++entries > MAX_LEXICON_ENTRIES) {
      errors.push({ line, code: 'tooManyLines' });
      break;
    }
    if (rules.length >= MAX_LEXICON_RULES) {
      errors.push({ line: 0, code: 'tooManyEntries' });
      break;
    }
    const cell = (c: Column) => (at.has(c) ? (fields[at.get(c)!] ?? '') : '');
    const before = errors.length;
    const flag = (c: 'wholeWord' | 'caseSensitive', fallback: boolean) => {
      const v = cell(c).trim().toLowerCase();
      if (v === '') return fallback;
      if (TRUE.has(v) || FALSE.has(v)) return TRUE.has(v);
      errors.push({ line, code: 'notABoolean', column: c, value: cell(c).slice(0, 40) });
      return fallback;
    };
    // Outer spaces are kept in `said` only inside the text; a cell's own padding is not meant.
    const written = unprotect(cell('written').trim());
    const said = unprotect(cell('said').trim());
    if (written === '') errors.push({ line, code: 'missingWritten' });
    else if (!ruleTextFits(written))
      errors.push({ line, code: 'textTooLong', column: 'written', chars: countSourceTextChars(written), max: MAX_RULE_TEXT_CHARS });
    if (said === '') errors.push({ line, code: 'missingSaid' });
    else if (!ruleTextFits(said))
      errors.push({ line, code: 'textTooLong', column: 'said', chars: countSourceTextChars(said), max: MAX_RULE_TEXT_CHARS });
    const language = cell('language').trim().toLowerCase();
    const rule: LexiconRule = {
      written,
      said,
      wholeWord: flag('wholeWord', true),
      caseSensitive: flag('caseSensitive', false),
      ...(language ? { language } : {}),
    };
    if (errors.length > before) continue;
    const k = ruleKey(rule);
    if (seen.has(k)) {
      errors.push({ line, code: 'duplicate', of: seen.get(k)! });
      continue;
    }
    seen.set(k, line);
    rules.push(rule);
  }
  if (rowDelimiter === undefined && rules.length === 0 && entries > 0) {
    let best: OtherDelimiter | undefined;
    for (const other of OTHER_DELIMITERS) {
      if (other === delimiter) continue;
      const read = yield* readLexiconCsv(input, other);
      if (read.rules.length > (best?.rules ?? 0)) best = { delimiter: other, instead: delimiter, rules: read.rules.length };
    }
    if (best) return { rules, errors, otherDelimiter: best };
  }
  return { rules, errors };
}

/** readLexiconCsv at once (tests, Node). */
export const importLexiconCsv = (input: string, rowDelimiter?: Delimiter): LexiconImport => drain(readLexiconCsv(input, rowDelimiter));

/** A CSV cell: quoted when it holds a delimiter, a quote or a line break; a leading = + - @ is prefixed with ' so spreadsheets do not run it
 * (a plain number such as -3 is left as it is), and so is a leading ' itself, so that taking one ' off gives the value back
 * ('=x stays '=x, not =x). */
export function csvCell(value: string): string {
  const number = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value);
  const safe = !number && /^[=+\-@\t\r']/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The ' that csvCell put before a formula-looking cell, taken off again. */
const unprotect = (v: string) => (/^'[=+\-@\t\r']/.test(v) ? v.slice(1) : v);

export function exportLexiconCsv(rules: readonly LexiconRule[]): string {
  const rows = rules.map((r) => [r.written, r.said, String(r.wholeWord), String(r.caseSensitive), r.language ?? ''].map(csvCell).join(','));
  return ['written,said,whole word,case sensitive,language', ...rows].join('\r\n') + '\r\n';
}
