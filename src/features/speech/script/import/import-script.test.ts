import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPEECH_FORM_DEFAULTS, type SpeechFormValues } from '../../request/speech-form-schema';
import { importScript, importScriptInSlices } from './import-script';

const form: SpeechFormValues = { ...SPEECH_FORM_DEFAULTS, voiceName: 'en-us', targetLanguage: 'en' };

describe('importScript: pasted lines', () => {
  it('makes one take per non-empty line, numbered by its line, settings from the form', () => {
    const { rows, report } = importScript('Hello, world\n\n  Second line  \r\nThird\n', form);
    expect(rows.map((r) => [r.line, r.request.sourceText])).toEqual([
      [1, 'Hello, world'],
      [3, 'Second line'],
      [4, 'Third'],
    ]);
    expect(rows[0]!.request).toMatchObject({ voiceName: 'en-us', targetLanguage: 'en', speedFactor: 1, format: 'wav' });
    expect(report).toMatchObject({ kind: 'lines', dataLines: 3, blankLines: 1, badRows: [] });
  });

  it('refuses every line when the form has no voice, with the reason', () => {
    const { rows, report } = importScript('One\nTwo', { ...form, voiceName: '' });
    // The form's schema says it on both fields, as the form shows it.
    const voice = { code: 'invalidValue', field: 'voiceName', issue: 'custom' };
    const timbre = { code: 'invalidValue', field: 'timbreNumber', issue: 'custom' };
    expect(rows).toEqual([]);
    expect(report.badRows).toEqual([
      { line: 1, reasons: [voice, timbre] },
      { line: 2, reasons: [voice, timbre] },
    ]);
  });

  it('checks the 5,000-character limit on the text as rewritten', () => {
    const rewrite = (t: string) => t.replace('NASA', 'N A S A '.repeat(1000));
    const { report } = importScript('Fly with NASA', form, { rewrite });
    expect(report.badRows).toEqual([{ line: 1, reasons: [{ code: 'textTooLong', chars: 8009, max: 5000 }] }]);
  });
});

describe('importScript: CSV and TSV', () => {
  it('reads a quoted CSV with a BOM, CRLF, a multi-line cell and header spellings in any case', () => {
    const csv =
      '\uFEFFText,Voice Name,LANG,speed_factor,Volume,emotion,Format,File-Name,notes\r\n' +
      '"Hello, ""friend""",fr,fr,1.5,-3,2,MP3,greeting,x\r\n' +
      '"Two\r\nlines",,,,,,,,\r\n';
    const { rows, report } = importScript(csv, form);
    expect(report).toMatchObject({ kind: 'table', delimiter: ',', unknownColumns: [{ header: 'notes', column: 9 }], badRows: [] });
    expect(rows[0]).toMatchObject({
      line: 2,
      fileName: 'greeting',
      request: {
        sourceText: 'Hello, "friend"',
        voiceName: 'fr',
        targetLanguage: 'fr',
        speedFactor: 1.5,
        volume: -3,
        emotion: 2,
        format: 'mp3',
      },
    });
    expect(rows[1]).toMatchObject({ line: 3, request: { sourceText: 'Two\r\nlines', voiceName: 'en-us', speedFactor: 1 } });
  });

  it('detects tabs and semicolons, and lists bad rows with every reason', () => {
    const tsv =
      'text\tspeed\tformat\temotion\tfile\nok\t2\twav\t\ta.wav\nbad\t3\tflac\t1,5\tb\n\t1\n\t\t\t\t\nextra\t1\twav\t0\tA.WAV\tmore\n';
    const { rows, report } = importScript(tsv, form);
    expect(report.delimiter).toBe('\t');
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(report.badRows).toEqual([
      {
        line: 3,
        reasons: [
          { code: 'notANumber', column: 'emotion', value: '1,5' },
          { code: 'unknownFormat', value: 'flac' },
          { code: 'invalidValue', field: 'speedFactor', issue: 'too_big', limit: 2 },
        ],
      },
      { line: 4, reasons: [{ code: 'missingText' }] },
      { line: 6, reasons: [{ code: 'extraFields', fields: 6, columns: 5 }] },
    ]);
    expect(report).toMatchObject({ blankLines: 1, dataLines: 4 });
    expect(importScript('text;voice\nBonjour;fr\n', form).rows[0]!.request).toMatchObject({ sourceText: 'Bonjour', voiceName: 'fr' });
  });

  it('names duplicate file names (case-insensitively) and repeated columns', () => {
    const { report } = importScript('text,file,filename\na,x.wav,\nb,X.wav,\nc,y,\n', form);
    expect(report.duplicateFileNames).toEqual([{ fileName: 'x.wav', lines: [2, 3] }]);
    expect(report.repeatedColumns).toEqual([{ column: 'fileName', header: 'filename', at: 3 }]);
  });

  it('flags an unterminated quote instead of losing the rest', () => {
    const { rows, report } = importScript('text\nfine\n"never closed\nstill inside\n', form);
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(report.badRows).toEqual([{ line: 3, reasons: [{ code: 'unterminatedQuote' }] }]);
  });
});

describe('importScript: any input', () => {
  const pieces = fc.constantFrom(
    'text',
    'voice',
    'speed',
    ',',
    '\t',
    ';',
    '"',
    '""',
    '\n',
    '\r\n',
    '\r',
    ' ',
    'a',
    '1.5',
    '9',
    '\uFEFF',
    '漢字',
  );
  const input = fc.oneof(
    fc.string(),
    fc.array(pieces, { maxLength: 60 }).map((p) => p.join('')),
  );

  it('yields rows and a report without throwing, and rows + bad rows = data lines', () => {
    fc.assert(
      fc.property(input, (text) => {
        const { rows, report } = importScript(text, form);
        expect(rows.length + report.badRows.length).toBe(report.dataLines);
        expect(report.blankLines).toBeGreaterThanOrEqual(0);
        for (const row of rows) expect(row.request.sourceText.trim()).not.toBe('');
      }),
      { numRuns: 500 },
    );
  });
});

describe('importScript: caps decided before the work', () => {
  const counting = () => {
    const calls = { rewrite: 0 };
    return { calls, rewrite: (text: string) => (calls.rewrite++, text) };
  };

  it('refuses more than 1,000 lines whole, before checking any line', () => {
    const { calls, rewrite } = counting();
    const result = importScript(Array.from({ length: 100_000 }, (_, i) => `Line ${i}`).join('\n'), form, { rewrite });
    expect(result.refused).toEqual({ code: 'tooManyLines', lines: 100_000, max: 1000 });
    expect(result.rows).toEqual([]);
    expect(calls.rewrite).toBe(0);
  });

  it('takes 1,000 lines, blank lines not counted', () => {
    const result = importScript(Array.from({ length: 1000 }, (_, i) => `Line ${i}\n`).join('\n'), form);
    expect(result.refused).toBeUndefined();
    expect(result.rows).toHaveLength(1000);
  });

  it('counts a table by its records (a header and blank rows are not lines to make)', () => {
    const table = (n: number) => `text,voice\n${Array.from({ length: n }, (_, i) => `"Line\n${i}",en-us`).join('\n')}\n,\n`;
    expect(importScript(table(1000), form).rows).toHaveLength(1000);
    expect(importScript(table(1001), form)).toMatchObject({ rows: [], refused: { code: 'tooManyLines', lines: 1001, max: 1000 } });
  });

  it('refuses more than 2,000,000 characters without reading them', () => {
    const { calls, rewrite } = counting();
    const result = importScript('a'.repeat(2_000_001), form, { rewrite });
    expect(result.refused).toEqual({ code: 'tooManyChars', chars: 2_000_001, max: 2_000_000 });
    expect(calls.rewrite).toBe(0);
  });
});

describe('importScriptInSlices', () => {
  it('gives what importScript gives, letting the browser in between lines when a slice is due', async () => {
    const text = 'text,voice,speed\nOne,en-us,1\nTwo,en-us,9\n\nThree,fr,\n';
    let pauses = 0;
    const slicer = { due: () => true, pause: () => (pauses++, Promise.resolve()) };
    expect(await importScriptInSlices(text, form, {}, slicer)).toEqual(importScript(text, form));
    expect(pauses).toBeGreaterThanOrEqual(3);
  });

  it('refuses past the caps as importScript does', async () => {
    const lines = Array.from({ length: 1001 }, () => 'x').join('\n');
    expect((await importScriptInSlices(lines, form)).refused).toEqual({ code: 'tooManyLines', lines: 1001, max: 1000 });
  });
});
