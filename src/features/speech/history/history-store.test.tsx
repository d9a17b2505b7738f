import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_PCM } from '@/contract';
import type { Take } from '../take/take';

// The write is held open by the test, as a loaded machine holds IndexedDB.
const writes: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
vi.mock('../take', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../take')>()),
  saveTake: () => new Promise<void>((resolve, reject) => writes.push({ resolve, reject })),
}));

const { addTake, historyStore, savingTakesStore } = await import('./history-store');
const { HistoryPanel } = await import('./history-panel');

const take = (id: string): Take => ({
  id,
  createdAt: Date.UTC(2026, 10, 26, 1, 30, 0),
  connection: { gatewayUrl: '/api', userId: '42', channel: '', appSource: '' },
  request: { sourceText: `Text ${id}`, timbreNumber: 5 },
  result: { taskId: `Service_AI_${id}`, targetAudioUrl: 'https://gw.test/a.wav' },
  format: 'wav',
  pcmFormat: EMBEDDED_PCM,
  audio: { kept: true, contentType: 'audio/wav', byteLength: 44 },
});
const item = () => screen.getAllByRole('listitem')[0]!;

describe('addTake', () => {
  afterEach(() => {
    writes.length = 0;
    historyStore.set({ status: 'ready', takes: [], error: null });
  });

  it('lists a take at once, marked "saving…" until its write ends; a reload before then would lose it', async () => {
    historyStore.set({ status: 'ready', takes: [], error: null });
    render(<HistoryPanel currentId={null} compareIds={[]} onReplay={vi.fn()} onReuse={vi.fn()} onCompare={vi.fn()} />);
    let added!: Promise<void>;
    act(() => {
      added = addTake(take('1'), new Blob(['x']));
    });
    expect(within(item()).getByText('saving…')).toBeInTheDocument();
    await act(async () => {
      writes[0]!.resolve();
      await added;
    });
    expect(within(item()).queryByText('saving…')).toBeNull();
    expect(savingTakesStore.get()).toEqual([]);
  });

  it('drops the mark when the write fails, and says the take was not saved', async () => {
    historyStore.set({ status: 'ready', takes: [], error: null });
    render(<HistoryPanel currentId={null} compareIds={[]} onReplay={vi.fn()} onReuse={vi.fn()} onCompare={vi.fn()} />);
    let added!: Promise<void>;
    act(() => {
      added = addTake(take('2'), null);
    });
    await act(async () => {
      writes[0]!.reject(new Error('QuotaExceededError'));
      await added;
    });
    expect(within(item()).queryByText('saving…')).toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent('QuotaExceededError');
  });
});
