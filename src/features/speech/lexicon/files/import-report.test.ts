import { afterEach, describe, expect, it } from 'vitest';
import { loadAllNamespaces, setLocale, t } from '@/i18n/i18n-store';
import type { LexiconEntryError } from './lexicon-csv';
import { entryMessage } from './import-report';

const every: LexiconEntryError[] = [
  { line: 2, code: 'missingWritten' },
  { line: 3, code: 'missingSaid' },
  { line: 4, code: 'notABoolean', column: 'caseSensitive', value: 'maybe' },
  { line: 5, code: 'duplicate', of: 2 },
  { line: 6, code: 'phonemeOnly' },
  { line: 7, code: 'badEntity', entity: '&nbsp;' },
  { line: 0, code: 'noHeader' },
  { line: 0, code: 'doctype' },
  { line: 0, code: 'notPls' },
  { line: 0, code: 'tooLarge' },
  { line: 0, code: 'tooManyEntries' },
  { line: 8, code: 'textTooLong', column: 'said', chars: 1000000, max: 500 },
  { line: 10002, code: 'tooManyLines' },
  { line: 9, column: 5, code: 'notXml', problem: 'endsOpen', tag: 'lexeme', openLine: 7 },
  { line: 3, column: 14, code: 'notXml', problem: 'mismatch', tag: 'alias', open: 'grapheme', openLine: 3 },
  { line: 4, column: 21, code: 'notXml', problem: 'bareAmpersand' },
];

describe('entryMessage', () => {
  afterEach(() => setLocale('en'));

  it('words every entry error with its line and values (docs/script-messages.md)', () => {
    expect(every.map((e) => entryMessage(e, t))).toEqual([
      'Entry at line 2: nothing written to look for.',
      'Entry at line 3: nothing to say instead.',
      'Entry at line 4: "maybe" in Case sensitive is not yes or no.',
      'Entry at line 5 repeats the one at line 2; skipped.',
      'Entry at line 6 gives only a phoneme; the service takes text, so use an alias.',
      'Entry at line 7 uses &nbsp;, which is not read (only &amp; &lt; &gt; &quot; &apos; and numeric references).',
      'No header row naming a "written" column.',
      'The file declares a DOCTYPE or entities, which are not read for safety.',
      'Not a pronunciation lexicon (no <lexicon> element).',
      'The file is larger than 2 MB; it was not read.',
      'The file has more than 2,000 rules; the rest was not read.',
      'Entry at line 8: its Said text is 1,000,000 characters, more than 500; not taken. Shorten it.',
      'The file has more than 10,000 entries: reading stopped at line 10,002 and the rest was not read. Split the file into smaller ones.',
      'Not valid XML at line 9, column 5: the file ends while <lexeme> from line 7 is still open, as if it were cut off or a closing tag were missing. Reading stopped there; fix the file and import it again.',
      'Not valid XML at line 3, column 14: </alias> does not close <grapheme>, which is open from line 3. Reading stopped there; fix the file and import it again.',
      'Not valid XML at line 4, column 21: an & that begins no reference; write &amp; for the character itself. Reading stopped there; fix the file and import it again.',
    ]);
  });

  it('has every one in Chinese too', async () => {
    await loadAllNamespaces('zh-CN');
    await setLocale('zh-CN');
    const zh = every.map((e) => entryMessage(e, t));
    expect(zh[2]).toBe('第 4 行的条目：“区分大小写”列中的“maybe”不是“是”或“否”。');
    expect(zh[13]).toBe(
      '第 9 行第 5 列不是有效的 XML：文件结束时第 7 行打开的 <lexeme> 仍未闭合，像是文件被截断或缺少结束标签。读取在此停止；请修正文件后重新导入。',
    );
    for (const m of zh) expect(m).not.toMatch(/speech\.lexicon|Entry at/);
  });
});
