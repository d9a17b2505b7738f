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
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: DelimitedRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let atFieldStart = true;
  let quoted = false;
  const endRecord = (unterminatedQuote: boolean) => {
    fields.push(field);
    records.push({ line: recordLine, fields, unterminatedQuote });
    fields = [];
    field = '';
    atFieldStart = true;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
      field += ch;
      i++;
      continue;
    }
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
      endRecord(false);
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    field += ch;
    atFieldStart = false;
    i++;
  }
  if (quoted) endRecord(true);
  else if (field !== '' || fields.length > 0) endRecord(false);
  return records;
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
