import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, saveProfile, selectProfile } from '@/lib/connection-store';
import { renderWithClient } from '@/testing/render-with-client';
import type { LexiconRule } from './lexicon';
import { loadLexicon, saveLexicon } from './lexicon-db';
import { lexiconStore } from './lexicon-store';
import { LexiconPanel } from './lexicon-panel';
import { WRITTEN_ID } from './rule-editor';

const rule = (written: string, said: string): LexiconRule => ({ written, said, wholeWord: true, caseSensitive: false });
const panel = () => screen.getByRole('region', { name: 'Pronunciation' });

describe('LexiconPanel', () => {
  afterEach(() => {
    selectProfile(DEFAULT_PROFILE.id);
    lexiconStore.set([]);
  });

  it('an edit in progress does not carry over to another profile', async () => {
    saveProfile({ ...DEFAULT_PROFILE, id: 'panel-b', name: 'B' }, false);
    await saveLexicon(DEFAULT_PROFILE.id, [rule('ACME', 'Ack me')]);
    await saveLexicon('panel-b', [rule('SQL', 'sequel')]);
    renderWithClient(<LexiconPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the rule for ACME' }));
    expect(within(panel()).getByRole('heading', { name: 'Edit the rule for ACME' })).toBeInTheDocument();
    act(() => selectProfile('panel-b'));
    await screen.findByRole('button', { name: 'Edit the rule for SQL' });
    expect(within(panel()).getByRole('heading', { name: 'Add a rule' })).toBeInTheDocument();
    expect(within(panel()).getByLabelText('Written')).toHaveValue('');
  });

  it('adds and saves a rule for the active profile', async () => {
    saveProfile({ ...DEFAULT_PROFILE, id: 'panel-c', name: 'C' });
    renderWithClient(<LexiconPanel />);
    await waitFor(() => expect(within(panel()).getByText(/No rules yet/)).toBeInTheDocument());
    fireEvent.change(within(panel()).getByLabelText('Written'), { target: { value: 'NASA' } });
    fireEvent.change(within(panel()).getByLabelText('Said'), { target: { value: 'N.A.S.A.' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByRole('button', { name: 'Delete the rule for NASA' })).toBeInTheDocument();
    await waitFor(async () => expect(await loadLexicon('panel-c')).toEqual([rule('NASA', 'N.A.S.A.')]));
    expect(within(panel()).getByLabelText('Written')).toHaveFocus();
  });

  it('draws the rules a page of 100 at a time; "Show more" reveals the next page and focuses its first row', async () => {
    saveProfile({ ...DEFAULT_PROFILE, id: 'panel-d', name: 'D' });
    await saveLexicon(
      'panel-d',
      Array.from({ length: 250 }, (_, i) => rule(`w${i}`, `s${i}`)),
    );
    renderWithClient(<LexiconPanel />);
    // Rows and buttons are reached through the DOM and the "Showing" line: a role query computes
    // the accessible name of every button of hundreds of rows, seconds a query in jsdom.
    const showing = () => screen.queryByText(/^Showing \d+ of 250 rules\.$/);
    await waitFor(() => expect(showing()).not.toBeNull());
    const drawn = () => document.querySelector<HTMLTableElement>('#lexicon-title ~ div table')!.tBodies[0]!.rows;
    // A 2,000-rule import drew every row at once and held the page 226–287 ms.
    expect(drawn().length).toBe(100);
    expect(showing()).toHaveTextContent('Showing 100 of 250 rules.');
    fireEvent.click(within(showing()!).getByRole('button', { name: 'Show 100 more' }));
    expect(drawn().length).toBe(200);
    const firstNew = drawn()[100]!.querySelector('button');
    expect(firstNew).toHaveAccessibleName('Edit the rule for w100');
    expect(firstNew).toHaveFocus();
    // The last page is smaller; with every rule drawn the button goes.
    fireEvent.click(within(showing()!).getByRole('button', { name: 'Show 50 more' }));
    expect(drawn().length).toBe(250);
    expect(drawn()[200]!.querySelector('button')).toHaveFocus();
    expect(showing()).toBeNull();
    // An edit from a later page edits that rule.
    fireEvent.click(drawn()[150]!.querySelector('button')!);
    expect(document.getElementById(WRITTEN_ID)).toHaveValue('w150');
    // jsdom draws 250 rows slowly on a loaded machine: more room than the 5 s default.
  }, 30_000);
});
