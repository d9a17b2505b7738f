import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, saveProfile, selectProfile } from '@/lib/connection-store';
import { renderWithClient } from '@/testing/render-with-client';
import type { LexiconRule } from '../../model/script/lexicon';
import { loadLexicon, saveLexicon } from '../../stores/lexicon-db';
import { lexiconStore } from '../../stores/lexicon-store';
import { LexiconPanel } from './lexicon-panel';

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
});
