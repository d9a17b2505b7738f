import { afterEach, describe, expect, it, vi } from 'vitest';
import { importLexiconCsv, readLexiconCsv } from './lexicon-csv';
import { MAX_LEXICON_ENTRIES, MAX_LEXICON_FILE_CHARS, MAX_RULE_TEXT_CHARS } from '../lexicon-limits';
import { importLexiconPls, readLexiconPls } from './lexicon-pls';
import { drain, drainInSlices, type ReadMeter } from './lexicon-reading';

// Issue 36, fall 3: the PLS reader was quadratic (250 KB of <lexeme/> lines: 13.4 s). The work is
// counted here, never timed: characters the reader visits, and characters it copies out of the file.

const HEAD = '<lexicon version="1.0" xml:lang="en">\n';
const emptyLexemes = (count: number) => HEAD + '<lexeme/>\n'.repeat(count) + '</lexicon>\n';
const unclosedCdata = (count: number) => `${HEAD}<lexeme><grapheme><![CDATA[${'<lexeme>x\n'.repeat(count)}`;
const unclosedLexemes = (count: number) => HEAD + '<lexeme><grapheme>a</grapheme>\n'.repeat(count);
const comments = (count: number) => HEAD + '<!-- <lexeme> --\n'.repeat(count);

/** Characters String.prototype.slice hands back while `run` runs (a quadratic reader copies the file over and over). */
function copiedBy(run: () => void): number {
  const slice = String.prototype.slice;
  let copied = 0;
  const spy = vi.spyOn(String.prototype, 'slice').mockImplementation(function (this: string, ...args: [number?, number?]) {
    const part = slice.apply(this, args);
    copied += part.length;
    return part;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return copied;
}

describe('lexicon readers: work linear in the file', () => {
  afterEach(() => vi.restoreAllMocks());

  it('PLS: copies out of the file at most about its size, for empty lexemes, unclosed CDATA, unclosed lexemes and comments', () => {
    for (const make of [emptyLexemes, unclosedCdata, unclosedLexemes, comments]) {
      const input = make(5000);
      expect(copiedBy(() => importLexiconPls(input))).toBeLessThan(2 * input.length);
    }
  });

  it('PLS: the characters visited grow with the file, not with its square', () => {
    for (const make of [emptyLexemes, unclosedCdata, unclosedLexemes, comments]) {
      const perChar = [2000, 8000, 32000].map((count) => {
        const input = make(count);
        const meter: ReadMeter = { steps: 0 };
        drain(readLexiconPls(input, meter));
        expect(meter.steps).toBeGreaterThan(0);
        return meter.steps / input.length;
      });
      for (const r of perChar) expect(r).toBeLessThanOrEqual(3);
    }
  });

  it('CSV: copies out of the file at most about its size, quoted fields with line breaks included', () => {
    const input = 'written,said\n' + '"a\nb",x\n'.repeat(5000) + `"${'y\n'.repeat(20000)}`;
    expect(copiedBy(() => importLexiconCsv(input))).toBeLessThan(3 * input.length);
  });
});

describe('lexicon readers: caps decided up front', () => {
  it('refuse a file over the size cap before reading it', () => {
    const big = 'x'.repeat(MAX_LEXICON_FILE_CHARS + 1);
    expect(importLexiconPls(big).errors).toEqual([{ line: 0, code: 'tooLarge' }]);
    expect(importLexiconCsv(`written,said\n${big}`).errors).toEqual([{ line: 0, code: 'tooLarge' }]);
  });

  it('stop past the entry cap and say at which line', () => {
    const csv = importLexiconCsv('written,said\n' + Array.from({ length: MAX_LEXICON_ENTRIES + 5 }, (_, i) => `,x${i}`).join('\n'));
    expect(csv.errors.at(-1)).toEqual({ line: MAX_LEXICON_ENTRIES + 2, code: 'tooManyLines' });
    expect(csv.errors).toHaveLength(MAX_LEXICON_ENTRIES + 1);
    const pls = importLexiconPls(emptyLexemes(MAX_LEXICON_ENTRIES + 5));
    expect(pls.errors.at(-1)).toEqual({ line: MAX_LEXICON_ENTRIES + 2, code: 'tooManyLines' });
  });

  it('refuse a rule whose said (or written) text is over the cap, naming its line', () => {
    const long = 'x'.repeat(MAX_RULE_TEXT_CHARS + 1);
    expect(importLexiconCsv(`written,said\nok,fine\nthe,${long}\n${long},y\n`)).toEqual({
      rules: [{ written: 'ok', said: 'fine', wholeWord: true, caseSensitive: false }],
      errors: [
        { line: 3, code: 'textTooLong', column: 'said', chars: MAX_RULE_TEXT_CHARS + 1, max: MAX_RULE_TEXT_CHARS },
        { line: 4, code: 'textTooLong', column: 'written', chars: MAX_RULE_TEXT_CHARS + 1, max: MAX_RULE_TEXT_CHARS },
      ],
    });
    // At the cap, in code points (an emoji is one).
    expect(importLexiconCsv(`written,said\nthe,${'😀'.repeat(MAX_RULE_TEXT_CHARS)}\n`).errors).toEqual([]);
    const pls = `${HEAD}<lexeme>\n<grapheme>the</grapheme><alias>${long}</alias></lexeme></lexicon>`;
    expect(importLexiconPls(pls)).toEqual({
      rules: [],
      errors: [{ line: 2, code: 'textTooLong', column: 'said', chars: MAX_RULE_TEXT_CHARS + 1, max: MAX_RULE_TEXT_CHARS }],
    });
  });

  it('say where a PLS file ends inside a lexeme (unclosed element or CDATA) instead of a silent nothing', () => {
    expect(importLexiconPls(unclosedCdata(3))).toEqual({
      rules: [],
      errors: [{ line: 2, column: 19, code: 'notXml', problem: 'endsInCdata' }],
    });
    const pls = `${HEAD}<lexeme><grapheme>a</grapheme><alias>b</alias></lexeme>\n<lexeme><grapheme>c</grapheme>`;
    expect(importLexiconPls(pls)).toEqual({
      rules: [{ written: 'a', said: 'b', wholeWord: true, caseSensitive: true, language: 'en' }],
      errors: [{ line: 3, column: 31, code: 'notXml', problem: 'endsOpen', tag: 'lexeme', openLine: 3 }],
    });
  });

  it('read in slices to the same result, pausing between entries', async () => {
    const input = emptyLexemes(3000).replace('<lexeme/>', '<lexeme><grapheme>a</grapheme><alias>b</alias></lexeme>');
    let pauses = 0;
    const sliced = await drainInSlices(readLexiconPls(input), { sliceMs: 0, pause: async () => void pauses++ });
    expect(sliced).toEqual(importLexiconPls(input));
    expect(pauses).toBeGreaterThan(0);
    expect(await drainInSlices(readLexiconCsv('written,said\na,b\n'))).toEqual(importLexiconCsv('written,said\na,b\n'));
  });
});
