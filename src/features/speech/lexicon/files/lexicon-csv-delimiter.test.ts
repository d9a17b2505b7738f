import { describe, expect, it } from 'vitest';
import { importLexiconCsv } from './lexicon-csv';

// Issue 39, point 3: a file whose rows use another delimiter than the one read fails on every line; every
// line is reported, and the reading says which delimiter would read it (the operator chooses to).

const rule = (written: string, said: string) => ({ written, said, wholeWord: true, caseSensitive: false });
const missingSaid = (...lines: number[]) => lines.map((line) => ({ line, code: 'missingSaid' }));

describe('lexicon CSV: another delimiter', () => {
  it('rows with ; under a comma header: every line reported, ; offered with the rules it would give', () => {
    const csv = 'written,said\nDr;Doctor\nSt;Street\nMt;Mount\n';
    expect(importLexiconCsv(csv)).toEqual({
      rules: [],
      errors: missingSaid(2, 3, 4),
      otherDelimiter: { delimiter: ';', instead: ',', rules: 3 },
    });
    expect(importLexiconCsv(csv, ';')).toEqual({
      rules: [rule('Dr', 'Doctor'), rule('St', 'Street'), rule('Mt', 'Mount')],
      errors: [],
    });
  });

  it('tab-separated rows under a ; header, and comma rows under a tab header', () => {
    expect(importLexiconCsv('written;said\nDr\tDoctor\n').otherDelimiter).toEqual({ delimiter: '\t', instead: ';', rules: 1 });
    expect(importLexiconCsv('written\tsaid\nDr,Doctor\nSt,Street\n').otherDelimiter).toEqual({ delimiter: ',', instead: '\t', rules: 2 });
    expect(importLexiconCsv('written\tsaid\nDr,Doctor\n', ',').rules).toEqual([rule('Dr', 'Doctor')]);
  });

  it('a whole file in ; is read as before, with nothing offered', () => {
    expect(importLexiconCsv('written;said\nDr;Doctor\n')).toEqual({ rules: [rule('Dr', 'Doctor')], errors: [] });
  });

  it('offers nothing when a line was read, or when no other delimiter reads a line either', () => {
    expect(importLexiconCsv('written,said\nDr,Doctor\nSt;Street\n').otherDelimiter).toBeUndefined();
    expect(importLexiconCsv('written,said\nDr\nSt\n')).toEqual({ rules: [], errors: missingSaid(2, 3) });
  });
});
