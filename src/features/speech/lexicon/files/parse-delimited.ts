/** One record of a delimited file: its fields and the 1-based line it starts on. */
export type DelimitedRecord = { line: number; fields: string[]; unterminatedQuote: boolean };

export type Delimiter = ',' | '\t' | ';';

/**
 * RFC 4180 records: fields split at `delimiter`, "quoted" fields may hold delimiters, line breaks and
 * doubled quotes (""), records end at CRLF, LF or CR. A quote inside an unquoted field is kept as a
 * character (spreadsheets write them). An unterminated quote takes the rest of the input and is flagged.
 * A leading BOM is dropped. A final line break ends the last record; it does not start an empty one.
 */
export function parseDelimited(input: string, delimiter: Delimiter): DelimitedRecord[] {
  return [...delimitedRecords(input, delimiter)];
}

/**
 * parseDelimited one record at a time, so a reader can stop at a cap or pause between records (a
 * long file read in slices). One pass: each character is visited once; a field is copied out in runs
 * between the characters that matter (quote, delimiter, line break), never character by character.
 */
export function* delimitedRecords(input: string, delimiter: Delimiter): Generator<DelimitedRecord, void, undefined> {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const n = text.length;
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let atFieldStart = true;
  let quoted = false;
  const take = (): DelimitedRecord => {
    fields.push(field);
    const record = { line: recordLine, fields, unterminatedQuote: false };
    fields = [];
    field = '';
    atFieldStart = true;
    return record;
  };
  while (i < n) {
    if (quoted) {
      // Up to the next quote: line breaks inside are counted, the run is copied once.
      const q = text.indexOf('"', i);
      const end = q < 0 ? n : q;
      line += lineBreaks(text, i, end);
      field += text.slice(i, end);
      if (q < 0) break;
      if (text[q + 1] === '"') {
        field += '"';
        i = q + 2;
      } else {
        quoted = false;
        i = q + 1;
      }
      continue;
    }
    const ch = text[i]!;
    if (ch === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
      i++;
      continue;
    }
    if (ch === delimiter) {
      fields.push(field);
      field = '';
      atFieldStart = true;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      yield take();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    // An unquoted run: to the next delimiter or line break.
    let end = i + 1;
    while (end < n) {
      const c = text[end];
      if (c === delimiter || c === '\r' || c === '\n') break;
      end++;
    }
    field += text.slice(i, end);
    atFieldStart = false;
    i = end;
  }
  if (quoted) {
    fields.push(field);
    yield { line: recordLine, fields, unterminatedQuote: true };
  } else if (field !== '' || fields.length > 0) yield take();
}

/** Line breaks (CRLF, LF or CR each one) in text[from, to). */
function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}

const DELIMITERS: readonly Delimiter[] = ['\t', ';', ','];

/** The first line of the input, BOM dropped (a header row holds no quoted line breaks in practice). */
export function firstLine(input: string): string {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  return /^[^\r\n]*/.exec(text)![0];
}

/**
 * The delimiter of a header line: among tab, semicolon and comma, the first whose split the
 * `accept` test takes (the header names a text column); a header of that one column reads as
 * comma-separated; else null.
 */
export function detectDelimiter(header: string, accept: (fields: string[]) => boolean): Delimiter | null {
  for (const d of DELIMITERS) {
    const fields = parseDelimited(header, d)[0]?.fields ?? [];
    if (fields.length > 1 && accept(fields)) return d;
  }
  // A one-column table: its header is the text column alone.
  return accept(parseDelimited(header, ',')[0]?.fields ?? []) ? ',' : null;
}
