import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LexiconRule } from '../lexicon';
import { LexiconFiles } from './lexicon-files';

// Issue 39, point 3: the import report lists every refused line, and a CSV whose rows use another
// delimiter is offered to be read with it (a button; never a silent guess).

const choose = (label: string, name: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [new File([text], name, { type: 'text/csv' })] } });

function setup(rules: LexiconRule[] = []) {
  const onImported = vi.fn(async (_: readonly LexiconRule[]) => {});
  render(<LexiconFiles rules={rules} profileName="Local" onImported={onImported} onStatus={() => {}} />);
  return { onImported };
}

describe('LexiconFiles import report', () => {
  it('a CSV in ; under a comma header: every line listed, ; offered, and read so on request', async () => {
    const { onImported } = setup();
    choose('Import CSV', 'names.csv', 'written,said\nDr;Doctor\nSt;Street\nMt;Mount\n');
    const report = await screen.findByRole('region', { name: 'Import report: names.csv' });
    expect(within(report).getByRole('list', { name: '3 entries not taken' }).querySelectorAll('li')).toHaveLength(3);
    expect(
      within(report)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Entry at line 2: nothing to say instead.',
      'Entry at line 3: nothing to say instead.',
      'Entry at line 4: nothing to say instead.',
    ]);
    expect(report).toHaveTextContent(
      'No entry could be read with commas (,) between the columns. The rows seem to use semicolons (;): read so, the file gives 3 rules.',
    );
    expect(onImported).not.toHaveBeenCalled();

    fireEvent.click(within(report).getByRole('button', { name: 'Read it with semicolons (;)' }));
    await waitFor(() => expect(report).toHaveTextContent('3 rules added.'));
    expect(onImported).toHaveBeenCalledWith([
      { written: 'Dr', said: 'Doctor', wholeWord: true, caseSensitive: false },
      { written: 'St', said: 'Street', wholeWord: true, caseSensitive: false },
      { written: 'Mt', said: 'Mount', wholeWord: true, caseSensitive: false },
    ]);
    expect(within(report).queryByRole('list')).toBeNull();
    expect(within(report).queryByRole('button', { name: /Read it with/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Import report: names.csv' })).toHaveFocus();
  });

  it('many refused lines: a count, and the whole list in a box reached with Tab', async () => {
    setup();
    const bad = Array.from({ length: 40 }, (_, i) => `w${i},`).join('\n');
    choose('Import CSV', 'bad.csv', `written,said\nok,fine\n${bad}\n`);
    const report = await screen.findByRole('region', { name: 'Import report: bad.csv' });
    expect(report).toHaveTextContent('1 rule added.');
    expect(report).toHaveTextContent('40 entries not taken');
    const list = within(report).getByRole('list', { name: '40 entries not taken' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(40);
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('Entry at line 42: nothing to say instead.');
    expect(list).toHaveAttribute('tabindex', '0');
    expect(within(report).queryByRole('button', { name: /Read it with/ })).toBeNull();
  });

  it('a PLS cut off: the report says where, in words', async () => {
    setup();
    choose(
      'Import PLS',
      'cut.pls',
      '<?xml version="1.0"?>\n<lexicon version="1.0" xml:lang="en">\n  <lexeme><grapheme>a</grapheme><alias>b</alias></lexeme>\n  <lex',
    );
    const report = await screen.findByRole('region', { name: 'Import report: cut.pls' });
    expect(report).toHaveTextContent('1 rule added.');
    expect(within(report).getByRole('listitem')).toHaveTextContent(
      'Not valid XML at line 4, column 3: the file ends inside the tag that starts there, as if it were cut off. Reading stopped there; fix the file and import it again.',
    );
  });

  it('an import started while an earlier one is still saving: the newer reports, the earlier one ending later does not write over it', async () => {
    // The panel puts the rules on screen at once and saves them after (IndexedDB): the earlier save ends last here.
    const saves: Array<() => void> = [];
    function Panel() {
      const [rules, setRules] = useState<readonly LexiconRule[]>([]);
      const onImported = (next: readonly LexiconRule[]) => {
        setRules(next);
        return new Promise<void>((resolve) => saves.push(resolve));
      };
      return <LexiconFiles rules={rules} profileName="Local" onImported={onImported} onStatus={() => {}} />;
    }
    render(<Panel />);
    const csv = 'written,said\nACME,Ack me\nNASA,N.A.S.A.\n';
    choose('Import CSV', 'first.csv', csv);
    await waitFor(() => expect(saves).toHaveLength(1));
    choose('Import CSV', 'again.csv', csv);
    const report = await screen.findByRole('region', { name: 'Import report: again.csv' });
    expect(report).toHaveTextContent('No rules added. 2 rules were already in the list and kept once.');
    await act(async () => saves[0]!());
    expect(screen.getByRole('region', { name: /Import report/ })).toBe(report);
    expect(report).toHaveTextContent('No rules added.');
    expect(saves).toHaveLength(1);
  });
});
