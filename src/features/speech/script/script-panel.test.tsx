import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '@/testing/render-with-client';
import { draftStore } from '../form/draft-store';
import { keptScriptDraft, keepScriptDraft } from './queue/script-db';
import { ScriptPanel } from './script-panel';

vi.mock('./queue/script-queue-store', async (importOriginal) => {
  const real = await importOriginal<typeof import('./queue/script-queue-store')>();
  return {
    ...real,
    loadKeptScript: () => Promise.resolve(),
    startScript: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
  };
});

// Each test starts with nothing kept from the one before (the box and its checked lines are kept for a reload).
beforeEach(() => keepScriptDraft(null));

describe('ScriptPanel', () => {
  it('offers checked lines not yet made back after a reload, with the box as it was', async () => {
    draftStore.update({ voiceName: 'en-us' });
    const before = renderWithClient(<ScriptPanel />);
    await userEvent.type(screen.getByLabelText('Script lines'), 'First line.{enter}Second line.');
    await userEvent.click(screen.getByRole('button', { name: 'Check lines' }));
    await screen.findByRole('button', { name: 'Make 2 takes' }, { timeout: 3_000 });
    await vi.waitFor(async () => expect((await keptScriptDraft())?.checked?.rows).toHaveLength(2));
    before.unmount();

    renderWithClient(<ScriptPanel />);
    expect(await screen.findByRole('button', { name: 'Make 2 takes' })).toBeEnabled();
    expect(screen.getByText('2 lines accepted')).toBeInTheDocument();
    expect(
      screen.getByText(
        '2 lines checked before the page closed are not made yet: make them below, or change the lines and check them again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Script lines')).toHaveValue('First line.\nSecond line.');
  }, 20_000);

  it('keeps lines typed but not checked for a reload, and offers nothing to make from them', async () => {
    const before = renderWithClient(<ScriptPanel />);
    await userEvent.type(screen.getByLabelText('Script lines'), 'Half a thought');
    await vi.waitFor(async () => expect(await keptScriptDraft()).toEqual({ text: 'Half a thought', checked: null }));
    before.unmount();

    renderWithClient(<ScriptPanel />);
    await vi.waitFor(() => expect(screen.getByLabelText('Script lines')).toHaveValue('Half a thought'));
    expect(screen.queryByRole('button', { name: /^Make/ })).toBeNull();
  });

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
    Object.defineProperty(file, 'arrayBuffer', { value: () => Promise.reject(new DOMException('The file went away.', 'NotFoundError')) });
    await userEvent.upload(screen.getByLabelText('Import CSV or TSV'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not read lines.csv: The file went away. Nothing was imported.');
  });

  const unreadable = (file: File) => {
    const fail = () => Promise.reject(new Error('read although refused by its size'));
    Object.defineProperty(file, 'text', { value: fail });
    Object.defineProperty(file, 'arrayBuffer', { value: fail });
    return file;
  };

  it('refuses a file over 2 MB from its size, without reading it, and keeps the lines', async () => {
    renderWithClient(<ScriptPanel />);
    await userEvent.type(screen.getByLabelText('Script lines'), 'Kept.');
    const big = unreadable(new File(['x'], 'huge.csv', { type: 'text/csv' }));
    Object.defineProperty(big, 'size', { value: 50_000_000 });
    await userEvent.upload(screen.getByLabelText('Import CSV or TSV'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'huge.csv is 50 MB; a script file may be at most 2 MB. Split it into smaller files. Nothing was imported.',
    );
    expect(screen.getByLabelText('Script lines')).toHaveValue('Kept.');
  });

  it('refuses a Windows-1252 file, saying it is not UTF-8 and how to save it', async () => {
    renderWithClient(<ScriptPanel />);
    const latin1 = new File([Uint8Array.from([0x4f, 0x6e, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x0a])], 'latin1.txt', {
      type: 'text/plain',
    });
    await userEvent.upload(screen.getByLabelText('Import CSV or TSV'), latin1);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('latin1.txt is not UTF-8 text: line 2 has a byte UTF-8 does not allow');
    expect(alert).toHaveTextContent('Save it as UTF-8');
    expect(screen.queryByRole('region', { name: 'Import report' })).toBeNull();
  });

  it('reads a UTF-16 file and says it did', async () => {
    draftStore.update({ voiceName: 'en-us' });
    renderWithClient(<ScriptPanel />);
    const text = 'First line.\r\nSecond line.\r\n';
    const bytes = [0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0), 0])];
    await userEvent.upload(screen.getByLabelText('Import CSV or TSV'), new File([Uint8Array.from(bytes)], 'utf16.txt'));
    expect(await screen.findByText('2 lines accepted', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.getByText('utf16.txt was read as UTF-16 LE.')).toBeInTheDocument();
    expect(screen.getByLabelText('Script lines')).toHaveValue('First line.\nSecond line.\n');
  });

  it('refuses more than 1,000 lines in an alert, before checking or showing them; the box keeps what it had', async () => {
    draftStore.update({ voiceName: 'en-us' });
    renderWithClient(<ScriptPanel />);
    await userEvent.type(screen.getByLabelText('Script lines'), 'Kept.');
    const lines = Array.from({ length: 1001 }, (_, i) => `Line ${i + 1}`).join('\n');
    await userEvent.upload(screen.getByLabelText('Import CSV or TSV'), new File([lines], 'long.txt'));
    expect(await screen.findByRole('alert', {}, { timeout: 3_000 })).toHaveTextContent(
      'The script has 1,001 lines; one script takes at most 1,000. Split it into scripts of up to 1,000 lines. Nothing was imported.',
    );
    expect(screen.queryByRole('button', { name: /Make/ })).toBeNull();
    expect(screen.getByLabelText('Script lines')).toHaveValue('Kept.');
  });

  it('checks a long file without putting it in the box, and says so', async () => {
    draftStore.update({ voiceName: 'en-us' });
    renderWithClient(<ScriptPanel />);
    await userEvent.type(screen.getByLabelText('Script lines'), 'Kept.');
    const lines = Array.from({ length: 600 }, (_, i) => `Line ${i + 1} ${'word '.repeat(40)}`).join('\n');
    await userEvent.upload(screen.getByLabelText('Import CSV or TSV'), new File([lines], 'long.txt'));
    expect(await screen.findByText('600 lines accepted', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('long.txt (125.9 kB) is too long to show in the box without freezing the page');
    expect(screen.getByLabelText('Script lines')).toHaveValue('Kept.');
    expect(screen.getByRole('button', { name: 'Make 600 takes' })).toBeEnabled();
  });
});
