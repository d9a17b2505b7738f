import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_PCM } from '@/contract';
import { setLocale } from '@/i18n/i18n-store';
import { timeSettingStore } from '@/i18n/time-setting';
import type { Take } from '../take/take';
import { historyStore } from './history-store';
import { TakeDetails } from '../result/take-details';
import { SynthesisProgress } from '../long-text/synthesis-progress';
import { HistoryPanel } from './history-panel';

const NOW = Date.UTC(2026, 10, 26, 1, 30, 0);
const take = (id: string, minutesAgo: number, kept: boolean): Take => ({
  id,
  createdAt: NOW - minutesAgo * 60_000,
  connection: { gatewayUrl: '/api', userId: '42', channel: '', appSource: '' },
  request: { sourceText: `Text ${id}`, timbreNumber: 5, speedFactor: 1.5 },
  result: { taskId: `Service_AI_${id}`, targetAudioUrl: 'https://gw.test/a.wav' },
  format: 'wav',
  pcmFormat: EMBEDDED_PCM,
  audio: kept ? { kept: true, contentType: 'audio/wav', byteLength: 1_234_567 } : { kept: false, reason: 'gone' },
});
const panel = () => render(<HistoryPanel currentId={null} compareIds={[]} onReplay={vi.fn()} onReuse={vi.fn()} onCompare={vi.fn()} />);

describe('HistoryPanel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    timeSettingStore.set({ display: 'relative', zone: 'utc' });
    historyStore.set({ status: 'ready', takes: [take('1', 3, true), take('2', 90, false)], error: null });
  });
  afterEach(async () => {
    vi.useRealTimers();
    timeSettingStore.set({ display: 'relative', zone: 'local' });
    await act(() => setLocale('en'));
  });

  it('counts takes with a plural, sizes by Intl, times as the setting says; names carry the absolute time', () => {
    panel();
    expect(screen.getByText(/^2 takes · audio 1\.2 MB/)).toBeInTheDocument();
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByText('3 minutes ago')).toHaveAttribute('title', '11/26/26, 1:27:00 AM');
    expect(within(first).getByRole('button', { name: 'Replay take of 11/26/26, 1:27:00 AM' })).toBeInTheDocument();
    expect(first).toHaveTextContent('timbre 5 · speed 1.5 · Service_AI_1');
    act(() => historyStore.set({ status: 'ready', takes: [take('1', 3, true)], error: null }));
    expect(screen.getByText(/^1 take · audio/)).toBeInTheDocument();
  });

  it('speaks Chinese: count, times (absolute, UTC, when so set), actions and the reason a take has no audio', async () => {
    await act(() => setLocale('zh-CN'));
    act(() => timeSettingStore.set({ display: 'absolute', zone: 'utc' }));
    panel();
    expect(screen.getByRole('region', { name: '历史记录' })).toBeInTheDocument();
    expect(screen.getByText(/^2 条录音 · 音频 1\.2 MB/)).toBeInTheDocument();
    const second = screen.getAllByRole('listitem')[1]!;
    expect(within(second).getByText('2026/11/26 00:00:00')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: '重放 2026/11/26 00:00:00 的录音' })).toBeInTheDocument();
    expect(second).toHaveTextContent('音色 5 · 语速 1.5');
    expect(second).toHaveTextContent('音频未保存：gone');
    expect(screen.getByLabelText('按文本搜索录音')).toBeInTheDocument();
  });

  it('words a take’s details and a long text’s progress in Chinese', async () => {
    await act(() => setLocale('zh-CN'));
    render(
      <>
        <TakeDetails take={take('1', 3, true)} duration={3.2} />
        <SynthesisProgress progress={{ done: 2, total: 5, msLeft: 150_000 }} />
      </>,
    );
    expect(screen.getByText('是，在此浏览器中占 1.2 MB')).toBeInTheDocument();
    expect(screen.getByText('音色 5')).toBeInTheDocument();
    expect(screen.getByText('第 3/5 段 · 已完成 2/5 段，大约还剩 3分钟')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '合成进度' })).toHaveAttribute('aria-valuetext', '已完成 2/5 段，大约还剩 3分钟');
  });
});
