import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '@/testing/render-with-client';
import { SPEECH_FORM_DEFAULTS } from '../request/speech-form-schema';
import type { LexiconRule } from '../lexicon/lexicon';
import { draftStore } from './draft-store';
import { lexiconStore } from '../lexicon/lexicon-store';
import { SpeechForm } from './speech-form';

const acme: LexiconRule = { written: 'ACME', said: 'Ack me', wholeWord: true, caseSensitive: false };
const nasa: LexiconRule = { written: 'NASA', said: 'N.A.S.A.', wholeWord: true, caseSensitive: true };

const setup = (rules: readonly LexiconRule[]) => {
  const onSynthesize = vi.fn(() => Promise.resolve());
  renderWithClient(<SpeechForm preset={null} pending={false} onSynthesize={onSynthesize} onCancel={() => undefined} />);
  // After the first render: the sync the field starts empties the store while it reads IndexedDB.
  act(() => lexiconStore.set(rules));
  return { onSynthesize, text: screen.getByLabelText('Text to synthesize') };
};

describe('the text field with pronunciation rules', () => {
  beforeEach(() => {
    localStorage.clear();
    draftStore.set(SPEECH_FORM_DEFAULTS);
  });
  afterEach(() => lexiconStore.set([]));

  it('previews the text sent and the rules that fired, and sends that text', async () => {
    const { text, onSynthesize } = setup([acme, nasa]);
    fireEvent.change(text, { target: { value: 'ACME and acme meet NASA.' } });
    const preview = await screen.findByRole('region', { name: 'Text sent' });
    expect(within(preview).getByText(/and/).textContent).toBe('Ack me and Ack me meet N.A.S.A..');
    expect(within(preview).getAllByText('Ack me')[0]!.tagName).toBe('MARK');
    expect(within(preview).getByText('2 rules applied:')).toBeInTheDocument();
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ACME → Ack me (×2)', 'NASA → N.A.S.A.']);
    expect(screen.getByText(/^24 \/ 100,000 characters/)).toHaveTextContent('32 as sent, with the pronunciation rules');
    fireEvent.change(screen.getByLabelText('Timbre number'), { target: { value: '5' } });
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSynthesize).toHaveBeenCalledTimes(1));
    expect(onSynthesize).toHaveBeenCalledWith(expect.objectContaining({ sourceText: 'Ack me and Ack me meet N.A.S.A..' }));
  });

  it('shows no preview when no rule fires', () => {
    const { text } = setup([acme]);
    fireEvent.change(text, { target: { value: 'Nothing to change.' } });
    expect(screen.queryByRole('region', { name: 'Text sent' })).toBeNull();
    expect(screen.getByText(/^18 \/ 100,000 characters/)).not.toHaveTextContent('as sent');
  });

  it('splits in parts and refuses past 100,000 by the text as rewritten, and says why', async () => {
    const { text, onSynthesize } = setup([{ ...acme, said: 'Ack me!!' }]);
    fireEvent.change(text, { target: { value: 'ACME '.repeat(1000) } });
    expect(await screen.findByText(/^4,999 \/ 100,000 characters/)).toHaveTextContent(
      '8,999 as sent, with the pronunciation rules · sent as 2 parts',
    );
    fireEvent.change(screen.getByLabelText('Timbre number'), { target: { value: '5' } });
    fireEvent.change(text, { target: { value: 'ACME '.repeat(20000) } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'With the pronunciation rules applied the text is 179,999 characters, more than 100,000.',
    );
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(text).toHaveFocus());
    expect(onSynthesize).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
