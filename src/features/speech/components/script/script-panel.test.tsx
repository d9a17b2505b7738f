import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '@/testing/render-with-client';
import { draftStore } from '../../stores/draft-store';
import { ScriptPanel } from './script-panel';

vi.mock('../../stores/script-queue-store', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../stores/script-queue-store')>();
  return {
    ...real,
    loadKeptScript: () => Promise.resolve(),
    startScript: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
  };
});

describe('ScriptPanel', () => {
  it('says why a script could not start, in an alert, and keeps the lines', async () => {
    draftStore.update({ voiceName: 'en-us' });
    renderWithClient(<ScriptPanel />);
    const lines = screen.getByLabelText('Script lines');
    await userEvent.type(lines, 'First line.{enter}Second line.');
    await userEvent.click(screen.getByRole('button', { name: 'Check lines' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Make 2 takes' }, { timeout: 3_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The script could not be kept in this browser, so it was not started: The quota has been exceeded. Your lines are still here.',
    );
    expect(lines).toHaveValue('First line.\nSecond line.');
  });

  it('says a file it could not read, in an alert', async () => {
    renderWithClient(<ScriptPanel />);
    const file = new File(['x'], 'lines.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: () => Promise.reject(new DOMException('The file went away.', 'NotFoundError')) });
    await userEvent.upload(screen.getByLabelText('Import CSV or TSV'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not read lines.csv: The file went away. Nothing was imported.');
  });
});
