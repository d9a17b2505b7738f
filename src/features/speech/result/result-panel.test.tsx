import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_PCM } from '@/contract';
import type { Take } from '../take/take';
import { historyStore } from '../history/history-store';
import { ResultPanel } from './result-panel';

const joined: Take = {
  id: 'long-1',
  createdAt: 0,
  connection: { gatewayUrl: '/api', userId: '42', channel: '', appSource: '' },
  request: { sourceText: 'One. Two.', voiceName: 'en-us' },
  result: { taskId: 'Service_AI_1', targetAudioUrl: 'https://gw.test/a.wav' },
  format: 'wav',
  pcmFormat: EMBEDDED_PCM,
  audio: { kept: true, contentType: 'audio/wav', byteLength: 44 },
  parts: [
    { text: 'One.', startMs: 0, taskId: 't1' },
    { text: 'Two.', startMs: 500, taskId: 't2' },
  ],
};

describe('ResultPanel', () => {
  it('invites a first synthesis only while nothing has failed', () => {
    const { rerender } = render(<ResultPanel loaded={null} />);
    expect(screen.getByRole('region', { name: 'Result' })).toHaveTextContent('Synthesize some text, or replay a take from the history.');
    rerender(<ResultPanel loaded={null} failure={<div role="alert">Not enough points</div>} />);
    const panel = screen.getByRole('region', { name: 'Result' });
    expect(panel).not.toHaveTextContent('Synthesize some text');
    expect(screen.getByRole('alert')).toHaveTextContent('Not enough points');
  });

  it('offers "Redo part N" only for a joined take history keeps, not for a preview while parts arrive', () => {
    historyStore.set({ status: 'ready', takes: [], error: null });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ResultPanel loaded={{ take: joined, audio: new Blob([new Uint8Array(44)], { type: 'audio/wav' }) }} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Redo part 1' })).toBeNull();
    act(() => historyStore.set({ status: 'ready', takes: [joined], error: null }));
    expect(screen.getByRole('button', { name: 'Redo part 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redo part 2' })).toBeInTheDocument();
  });
});
