import { describe, expect, it } from 'vitest';
import { exportLexiconPls, importLexiconPls } from './lexicon-pls';

// Issue 39, point 3: a PLS file that is not well-formed XML is refused with what is wrong and where
// (line and column, 1-based), not "No rules added." alone.

const [exported] = exportLexiconPls([
  { written: 'nginx', said: 'engine x', wholeWord: true, caseSensitive: true },
  { written: 'SQL', said: 'sequel', wholeWord: true, caseSensitive: true },
]);
const xml = exported!.xml;
/** The file cut just after `marker` (its n-th occurrence, 1-based). */
const cutAfter = (marker: string, n = 1) => {
  let at = -1;
  for (let i = 0; i < n; i++) at = xml.indexOf(marker, at + 1);
  return xml.slice(0, at + marker.length);
};
const nginx = { written: 'nginx', said: 'engine x', wholeWord: true, caseSensitive: true };

describe('PLS that is not well-formed XML', () => {
  it('a file cut off after the root tag: says it ends with <lexicon> still open, at the end of the file', () => {
    const cut = cutAfter('xml:lang="und">\n');
    expect(importLexiconPls(cut)).toEqual({
      rules: [],
      errors: [{ line: 3, column: 1, code: 'notXml', problem: 'endsOpen', tag: 'lexicon', openLine: 2 }],
    });
  });

  it('a file cut off inside the second lexeme: the first is read, the cut is named with its line and column', () => {
    const cut = cutAfter('<grapheme>SQL</grapheme>');
    expect(importLexiconPls(cut)).toEqual({
      rules: [nginx],
      errors: [{ line: 8, column: 29, code: 'notXml', problem: 'endsOpen', tag: 'lexeme', openLine: 7 }],
    });
  });

  it('a file cut off inside a tag, a comment, CDATA or a processing instruction: where that starts', () => {
    expect(importLexiconPls(cutAfter('<graph', 2)).errors).toEqual([{ line: 8, column: 5, code: 'notXml', problem: 'endsInTag' }]);
    const head = '<lexicon xml:lang="en">\n  <lexeme><grapheme>';
    expect(importLexiconPls(`${head}<![CDATA[a`).errors).toEqual([{ line: 2, column: 21, code: 'notXml', problem: 'endsInCdata' }]);
    expect(importLexiconPls(`${head}a</grapheme><!-- x`).errors).toEqual([
      { line: 2, column: 33, code: 'notXml', problem: 'endsInComment' },
    ]);
    expect(importLexiconPls('<?xml version="1.0"').errors).toEqual([{ line: 1, column: 1, code: 'notXml', problem: 'endsInPi' }]);
  });

  it('a closing tag that does not match the open element: both named, with the line the open one starts on', () => {
    const pls =
      '<lexicon xml:lang="en">\n<lexeme><grapheme>a</grapheme><alias>b</alias></lexeme>\n<lexeme>\n  <grapheme>c</alias>\n</lexeme>\n</lexicon>';
    expect(importLexiconPls(pls)).toEqual({
      rules: [{ written: 'a', said: 'b', wholeWord: true, caseSensitive: true, language: 'en' }],
      errors: [{ line: 4, column: 14, code: 'notXml', problem: 'mismatch', tag: 'alias', open: 'grapheme', openLine: 4 }],
    });
  });

  it('a closing tag with nothing open, an element after the root, a bare & or <', () => {
    const root = '<lexicon xml:lang="en"></lexicon>';
    expect(importLexiconPls(`${root}\n</lexeme>`).errors).toEqual([
      { line: 2, column: 1, code: 'notXml', problem: 'strayClose', tag: 'lexeme' },
    ]);
    expect(importLexiconPls(`${root}\n<lexicon></lexicon>`).errors).toEqual([
      { line: 2, column: 1, code: 'notXml', problem: 'outsideRoot' },
    ]);
    expect(importLexiconPls(`${root}\ntext`).errors).toEqual([{ line: 2, column: 1, code: 'notXml', problem: 'outsideRoot' }]);
    const amp = '<lexicon xml:lang="en">\n<lexeme><grapheme>AT&T</grapheme><alias>a t and t</alias></lexeme></lexicon>';
    expect(importLexiconPls(amp).errors).toEqual([{ line: 2, column: 21, code: 'notXml', problem: 'bareAmpersand' }]);
    const lt = '<lexicon xml:lang="en">\n<lexeme><grapheme>a < b</grapheme><alias>x</alias></lexeme></lexicon>';
    expect(importLexiconPls(lt).errors).toEqual([{ line: 2, column: 21, code: 'notXml', problem: 'bareLessThan' }]);
  });

  it('counts the column in characters, not UTF-16 units (an emoji is one)', () => {
    const pls = '<lexicon xml:lang="en">\n<lexeme><grapheme>😀😀</graphem></lexeme></lexicon>';
    expect(importLexiconPls(pls).errors).toEqual([
      { line: 2, column: 21, code: 'notXml', problem: 'mismatch', tag: 'graphem', open: 'grapheme', openLine: 2 },
    ]);
  });

  it('still reads every well-formed file it read before: the export, prefixes, comments, CDATA, empty elements', () => {
    expect(importLexiconPls(xml).errors).toEqual([]);
    const pls = `<?xml version="1.0"?>
<pls:lexicon xmlns:pls="http://www.w3.org/2005/01/pronunciation-lexicon" xml:lang="en"><!-- a > b & c -->
<pls:lexeme><pls:grapheme><![CDATA[R&D <x>]]></pls:grapheme><pls:alias>r &amp; d</pls:alias></pls:lexeme><pls:lexeme/>
</pls:lexicon>
`;
    expect(importLexiconPls(pls)).toEqual({
      rules: [{ written: 'R&D <x>', said: 'r & d', wholeWord: true, caseSensitive: true, language: 'en' }],
      errors: [
        { line: 3, code: 'missingWritten' },
        { line: 3, code: 'missingSaid' },
      ],
    });
  });
});
