import { SPEC_AUDIO_FORMATS, countSourceTextChars, SOURCE_TEXT_MAX_CHARS, type AudioFormat, type SpeechRequest } from '@/contract';
import { parseSpeechForm, type SpeechFormField, type SpeechFormValues } from '../../request';
import { foldName } from './safe-file-name';
import { detectDelimiter, firstLine, parseDelimited, type Delimiter, type DelimitedRecord } from '../../lexicon';
import { columnOf, type ScriptColumn } from './script-columns';
import { SCRIPT_MAX_CHARS, SCRIPT_MAX_LINES, type ScriptRefusal } from './script-refusal';
import type { BadRow, RowReason } from './script-row-reasons';
import { yieldToBrowser } from '@/lib/yield-to-browser';

/** One line of a script, ready to send: its settings merged over the form's and validated by the form's schema. */
export type ScriptRow = { line: number; values: SpeechFormValues; request: SpeechRequest; fileName?: string };

export type ImportReport = {
  kind: 'lines' | 'table';
  delimiter?: Delimiter;
  /** Header cells naming no known column (their cells are ignored), with their 1-based column. */
  unknownColumns: { header: string; column: number }[];
  /** A known column named twice: the first is used. */
  repeatedColumns: { column: ScriptColumn; header: string; at: number }[];
  badRows: BadRow[];
  /** File names given to more than one row (the zip makes them unique, but the operator should know). */
  duplicateFileNames: { fileName: string; lines: number[] }[];
  /** Lines with nothing on them: not data, counted so nothing vanishes unexplained. */
  blankLines: number;
  /** Lines (records) that are data: rows.length + badRows.length. */
  dataLines: number;
};

/** The rows and report; `refused` (and no rows) when the whole script is past a cap (script-refusal.ts). */
export type ScriptImport = { rows: ScriptRow[]; report: ImportReport; refused?: ScriptRefusal };

/** One step of an import: a row checked. The sliced import may let the browser in after any step. */
type ImportSteps = Generator<void, ScriptImport, void>;

/** When a slice is over and how to let the browser in (src/lib/slicer.ts's shape, checked every row: a row is costly). */
type RowSlicer = { due: () => boolean; pause: () => Promise<void> };

type ImportOptions = {
  /** The text as it will be sent (the pronunciation lexicon), so the length limit is checked on it. */
  rewrite?: (text: string, language: string) => string;
};

/**
 * A pasted script or a CSV/TSV file as takes. A table is recognised only by a header row that names
 * a text column (tab, semicolon or comma separated); anything else is one take per non-empty line,
 * so "Hello, world" pasted stays one line. Past SCRIPT_MAX_CHARS characters or SCRIPT_MAX_LINES
 * lines the whole script is refused before any line is checked. Never throws.
 */
export function importScript(input: string, defaults: SpeechFormValues, options: ImportOptions = {}): ScriptImport {
  const steps = importSteps(input, defaults, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** importScript in slices of about 8 ms, the browser let in between (a thousand lines through the form's schema take a while). */
export async function importScriptInSlices(
  input: string,
  defaults: SpeechFormValues,
  options: ImportOptions = {},
  slicer: RowSlicer = timeSlicer(),
): Promise<ScriptImport> {
  const steps = importSteps(input, defaults, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (slicer.due()) await slicer.pause();
  }
}

function timeSlicer(sliceMs = 8): RowSlicer {
  let start = performance.now();
  return {
    due: () => performance.now() - start >= sliceMs,
    pause: async () => {
      await yieldToBrowser();
      start = performance.now();
    },
  };
}

function* importSteps(input: string, defaults: SpeechFormValues, options: ImportOptions): ImportSteps {
  if (input.length > SCRIPT_MAX_CHARS) return refuse('lines', { code: 'tooManyChars', chars: input.length, max: SCRIPT_MAX_CHARS });
  const delimiter = detectDelimiter(firstLine(input), (fields) => fields.some((f) => columnOf(f) === 'text'));
  return delimiter === null ? yield* importLines(input, defaults, options) : yield* importTable(input, delimiter, defaults, options);
}

const refuse = (kind: ImportReport['kind'], refused: ScriptRefusal): ScriptImport => ({ rows: [], report: emptyReport(kind), refused });

/** Past the line cap: counted before any line is checked. */
const tooManyLines = (kind: ImportReport['kind'], lines: number): ScriptImport | null =>
  lines > SCRIPT_MAX_LINES ? refuse(kind, { code: 'tooManyLines', lines, max: SCRIPT_MAX_LINES }) : null;

function emptyReport(kind: ImportReport['kind']): ImportReport {
  return { kind, unknownColumns: [], repeatedColumns: [], badRows: [], duplicateFileNames: [], blankLines: 0, dataLines: 0 };
}

function* importLines(input: string, defaults: SpeechFormValues, options: ImportOptions): ImportSteps {
  const report = emptyReport('lines');
  const rows: ScriptRow[] = [];
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const lines = text.split(/\r\n|\r|\n/);
  const refused = tooManyLines(
    'lines',
    lines.reduce((n, line) => (line.trim() === '' ? n : n + 1), 0),
  );
  if (refused) return refused;
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === '') {
      report.blankLines++;
      continue;
    }
    report.dataLines++;
    const built = buildRow(i + 1, { ...defaults, sourceText: raw }, [], undefined, options);
    if ('reasons' in built) report.badRows.push(built);
    else rows.push(built);
    yield;
  }
  // The last line break ends the last line; it does not make a blank line.
  if (/(\r\n|\r|\n)$/.test(text) || text === '') report.blankLines--;
  report.blankLines = Math.max(0, report.blankLines);
  return { rows, report };
}

function* importTable(input: string, delimiter: Delimiter, defaults: SpeechFormValues, options: ImportOptions): ImportSteps {
  const report = { ...emptyReport('table'), delimiter };
  const [header, ...records] = parseDelimited(input, delimiter);
  const refused = tooManyLines(
    'table',
    records.reduce((n, r) => (isBlank(r) ? n : n + 1), 0),
  );
  if (refused) return refused;
  const columns = new Map<ScriptColumn, number>();
  for (const [at, name] of (header?.fields ?? []).entries()) {
    const column = columnOf(name);
    if (column === null) report.unknownColumns.push({ header: name, column: at + 1 });
    else if (columns.has(column)) report.repeatedColumns.push({ column, header: name, at: at + 1 });
    else columns.set(column, at);
  }
  const width = header?.fields.length ?? 0;
  const rows: ScriptRow[] = [];
  for (const record of records) {
    if (isBlank(record)) {
      report.blankLines++;
      continue;
    }
    report.dataLines++;
    const cell = (c: ScriptColumn) => {
      const at = columns.get(c);
      return at === undefined ? '' : (record.fields[at] ?? '').trim();
    };
    const reasons: RowReason[] = [];
    if (record.unterminatedQuote) reasons.push({ code: 'unterminatedQuote' });
    if (record.fields.length > width) reasons.push({ code: 'extraFields', fields: record.fields.length, columns: width });
    const values = mergeCells(cell, defaults, reasons);
    const fileName = cell('fileName');
    const built = buildRow(record.line, values, reasons, fileName === '' ? undefined : fileName, options);
    if ('reasons' in built) report.badRows.push(built);
    else rows.push(built);
    yield;
  }
  report.duplicateFileNames = duplicates(rows);
  return { rows, report };
}

/** A record whose cells are all empty: a blank line, not data. */
const isBlank = (record: DelimitedRecord) => !record.unterminatedQuote && record.fields.every((f) => f.trim() === '');

/** A row's cells over the form's values; an empty cell keeps the form's value. */
function mergeCells(cell: (c: ScriptColumn) => string, defaults: SpeechFormValues, reasons: RowReason[]): SpeechFormValues {
  const values: SpeechFormValues = { ...defaults, sourceText: cell('text') };
  if (cell('voice') !== '') values.voiceName = cell('voice');
  if (cell('language') !== '') values.targetLanguage = cell('language');
  for (const [column, field] of [
    ['speed', 'speedFactor'],
    ['volume', 'volume'],
    ['emotion', 'emotion'],
  ] as const) {
    const raw = cell(column);
    if (raw === '') continue;
    // Number('') and Number(' ') are 0, and "1,5" is a decimal comma: only a plain decimal is taken.
    const n = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(raw) ? Number(raw) : NaN;
    if (Number.isNaN(n)) reasons.push({ code: 'notANumber', column, value: raw });
    else values[field] = n;
  }
  const format = cell('format').toLowerCase();
  if (format !== '') {
    if ((SPEC_AUDIO_FORMATS as readonly string[]).includes(format)) values.format = format as AudioFormat;
    else reasons.push({ code: 'unknownFormat', value: cell('format') });
  }
  return values;
}

function buildRow(
  line: number,
  values: SpeechFormValues,
  reasons: RowReason[],
  fileName: string | undefined,
  options: ImportOptions,
): ScriptRow | BadRow {
  const all = [...reasons];
  if (values.sourceText.trim() === '') all.push({ code: 'missingText' });
  // A script line goes as one request: the limit applies to the text actually sent.
  const sent = options.rewrite ? options.rewrite(values.sourceText.trim(), values.targetLanguage) : values.sourceText.trim();
  const chars = countSourceTextChars(sent);
  if (chars > SOURCE_TEXT_MAX_CHARS) all.push({ code: 'textTooLong', chars, max: SOURCE_TEXT_MAX_CHARS });
  const textSaid = all.some((r) => r.code === 'missingText' || r.code === 'textTooLong');
  const parsed = parseSpeechForm(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] ?? 'sourceText') as SpeechFormField;
      if (field === 'sourceText' && textSaid) continue;
      if (all.some((r) => r.code === 'invalidValue' && r.field === field)) continue;
      const limit = 'minimum' in issue ? Number(issue.minimum) : 'maximum' in issue ? Number(issue.maximum) : undefined;
      all.push({ code: 'invalidValue', field, issue: issue.code, ...(limit === undefined ? {} : { limit }) });
    }
  }
  if (all.length > 0 || !parsed.success) return { line, reasons: all };
  return { line, values, request: parsed.data, ...(fileName === undefined ? {} : { fileName }) };
}

function duplicates(rows: ScriptRow[]): ImportReport['duplicateFileNames'] {
  // Compared as the zip compares them (case folded, NFKC), so the report names what the zip numbers apart.
  const byName = new Map<string, { fileName: string; lines: number[] }>();
  for (const row of rows) {
    if (row.fileName === undefined) continue;
    const k = foldName(row.fileName);
    const seen = byName.get(k);
    if (seen) seen.lines.push(row.line);
    else byName.set(k, { fileName: row.fileName, lines: [row.line] });
  }
  return [...byName.values()].filter((d) => d.lines.length > 1);
}
