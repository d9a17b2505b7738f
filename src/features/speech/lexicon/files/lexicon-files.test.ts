import { describe, expect, it } from 'vitest';
import type { LexiconRule } from '../lexicon';
import { exportLexiconCsv, importLexiconCsv } from './lexicon-csv';
import { exportLexiconPls, importLexiconPls } from './lexicon-pls';

const rules: LexiconRule[] = [
  { written: 'nginx', said: 'engine x', wholeWord: true, caseSensitive: false },
  { written: 'A, "B"', said: '=1+1', wholeWord: false, caseSensitive: true, language: 'en' },
  { written: '银行', said: 'yín háng', wholeWord: true, caseSensitive: true, language: 'zh' },
];

describe('lexicon CSV', () => {
  it('exports and imports back to the same rules, formula-looking cells made safe', () => {
    const csv = exportLexiconCsv(rules);
    expect(csv).toContain(`,'=1+1,`);
    const back = importLexiconCsv(csv);
    expect(back.errors).toEqual([]);
    expect(back.rules).toEqual(rules);
  });

  it("keeps a value that itself starts with ' (before: '=x came back as =x, the guard taken off a value that had none)", () => {
    const quoted: LexiconRule[] = [
      { written: "'=x", said: "'quoted", wholeWord: true, caseSensitive: false },
      { written: "''", said: "'-1", wholeWord: true, caseSensitive: false },
    ];
    const back = importLexiconCsv(exportLexiconCsv(quoted));
    expect(back.errors).toEqual([]);
    expect(back.rules).toEqual(quoted);
  });

  it('lists errors per entry with their line', () => {
    const csv = 'Written;Said;Whole word\nnginx;engine x;\n;nothing;\nNASA;;\nx;y;maybe\nNGINX;engine x;yes\n';
    expect(importLexiconCsv(csv)).toEqual({
      rules: [{ written: 'nginx', said: 'engine x', wholeWord: true, caseSensitive: false }],
      errors: [
        { line: 3, code: 'missingWritten' },
        { line: 4, code: 'missingSaid' },
        { line: 5, code: 'notABoolean', column: 'wholeWord', value: 'maybe' },
        { line: 6, code: 'duplicate', of: 2 },
      ],
    });
    expect(importLexiconCsv('just words').errors).toEqual([{ line: 0, code: 'noHeader' }]);
  });
});

describe('lexicon PLS (alias subset)', () => {
  it('exports one lexicon per scope: each file holds the rules of its language, all-languages rules under und', () => {
    const files = exportLexiconPls(rules);
    expect(files.map((f) => [f.language, f.rules])).toEqual([
      [undefined, 1],
      ['en', 1],
      ['zh', 1],
    ]);
    expect(files[1]!.xml).toContain('xml:lang="en"');
    expect(files[1]!.xml).toContain('<grapheme>A, &quot;B&quot;</grapheme>');
    expect(files[0]!.xml).toContain('xml:lang="und"');
    expect(files.map((f) => f.approximated)).toEqual([[0], [1], []]);
    expect(files.map((f) => importLexiconPls(f.xml))).toEqual([
      { rules: [{ written: 'nginx', said: 'engine x', wholeWord: true, caseSensitive: true }], errors: [] },
      { rules: [{ written: 'A, "B"', said: '=1+1', wholeWord: true, caseSensitive: true, language: 'en' }], errors: [] },
      { rules: [rules[2]], errors: [] },
    ]);
  });

  it('import → export → import is the identity for a mix of scopes (all languages, en, zh)', () => {
    const all = `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="und">
  <lexeme><grapheme>nginx</grapheme><alias>engine x</alias></lexeme>
  <lexeme><grapheme>SQL</grapheme><alias>sequel</alias></lexeme>
</lexicon>`;
    const en =
      '<lexicon version="1.0" xml:lang="en"><lexeme><grapheme>Dr</grapheme><grapheme>Dr.</grapheme><alias>doctor</alias></lexeme></lexicon>';
    const zh = '<lexicon version="1.0" xml:lang="zh"><lexeme><grapheme>银行</grapheme><alias>yín háng</alias></lexeme></lexicon>';
    const imported = [all, en, zh].flatMap((f) => importLexiconPls(f).rules);
    expect(imported.filter((r) => r.language === undefined)).toHaveLength(2);
    const again = exportLexiconPls(imported).flatMap((f) => importLexiconPls(f.xml).rules);
    expect(again).toEqual(imported);
    // Mixed in the list too: each scope's rules keep their order, scopes in order of first appearance.
    const mixed = [imported[2]!, imported[0]!, imported[4]!, imported[1]!, imported[3]!];
    expect(exportLexiconPls(mixed).flatMap((f) => importLexiconPls(f.xml).rules)).toEqual([
      imported[2],
      imported[3],
      imported[0],
      imported[1],
      imported[4],
    ]);
  });

  it('reads a real-world PLS: prefixes, comments, CDATA, several graphemes, numeric references; errors per lexeme', () => {
    const pls = `<?xml version="1.0" encoding="UTF-8"?>
<pls:lexicon version="1.0" xmlns:pls="http://www.w3.org/2005/01/pronunciation-lexicon" xml:lang="en-GB">
  <!-- <lexeme><grapheme>hidden</grapheme><alias>no</alias></lexeme> -->
  <pls:lexeme><pls:grapheme>W3C</pls:grapheme><pls:grapheme>w3c</pls:grapheme><pls:alias>World Wide Web Consortium</pls:alias></pls:lexeme>
  <pls:lexeme><pls:grapheme><![CDATA[R&D <x>]]></pls:grapheme><pls:alias>research &#x26; development</pls:alias></pls:lexeme>
  <pls:lexeme><pls:grapheme>tomato</pls:grapheme><pls:phoneme>təˈmɑːtəʊ</pls:phoneme></pls:lexeme>
  <pls:lexeme><pls:grapheme>x</pls:grapheme><pls:alias>&nbsp;ex</pls:alias></pls:lexeme>
</pls:lexicon>`;
    const { rules: got, errors } = importLexiconPls(pls);
    expect(got.map((r) => [r.written, r.said, r.language])).toEqual([
      ['W3C', 'World Wide Web Consortium', 'en'],
      ['w3c', 'World Wide Web Consortium', 'en'],
      ['R&D <x>', 'research & development', 'en'],
    ]);
    expect(errors).toEqual([
      { line: 6, code: 'phonemeOnly' },
      { line: 7, code: 'badEntity', entity: '&nbsp;' },
    ]);
  });

  it('refuses any DOCTYPE or ENTITY declaration (no entity expansion, no billion laughs)', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><lexicon><lexeme><grapheme>&lol;</grapheme><alias>x</alias></lexeme></lexicon>';
    expect(importLexiconPls(bomb)).toEqual({ rules: [], errors: [{ line: 0, code: 'doctype' }] });
    expect(importLexiconPls('<html></html>').errors).toEqual([{ line: 0, code: 'notPls' }]);
  });
});

describe('lexicon PLS entities', () => {
  it('never resolves a name from the prototype chain (&toString; is refused like any unknown entity)', () => {
    const pls = '<lexicon xml:lang="en"><lexeme><grapheme>a</grapheme><alias>&toString;</alias></lexeme></lexicon>';
    expect(importLexiconPls(pls).errors).toEqual([{ line: 1, code: 'badEntity', entity: '&toString;' }]);
  });
});
