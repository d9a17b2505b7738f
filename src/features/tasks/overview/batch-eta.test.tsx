import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { formatClock } from '@/i18n/format';
import { item, snap, steadyMarks } from '../testing/snapshots';
import { buildRows } from '../rows/task-rows';
import { EMPTY_SERIES } from '../history/batch-series';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';
import type { Freshness } from '../task';
import { BatchEta, batchEtaText } from './batch-eta';

afterEach(() => vi.useRealTimers());

describe('batchEtaText', () => {
  it('says why it cannot estimate instead of giving a number', () => {
    expect(batchEtaText({ kind: 'refused', reason: 'cannot estimate yet (3 endings seen in the last 10 min)' }, 234, 0)).toBe(
      '234 live tasks: cannot estimate yet (3 endings seen in the last 10 min).',
    );
  });

  it('says what a number stands on', () => {
    expect(batchEtaText({ kind: 'slowest-task', remainingMs: 95_000, running: 10 }, 10, 0)).toMatch(
      /^10 live tasks done in about 1 min 35 sec, around .+: all are running, and the slowest is due then at its own progress rate\.$/,
    );
    expect(batchEtaText({ kind: 'done' }, 0, 0)).toBe('No live tasks: the batch is done.');
  });

  it('says one live task without a hand-made plural, and its clock time in UTC when chosen', () => {
    expect(batchEtaText({ kind: 'slowest-task', remainingMs: 60_000, running: 1 }, 1, Date.UTC(2026, 0, 1, 9, 0), 'utc')).toMatch(
      /^1 live task done in about 1 min, around 09:01 AM:/,
    );
  });

  it('says it in Chinese', async () => {
    await act(() => setLocale('zh-CN'));
    try {
      expect(batchEtaText({ kind: 'done' }, 0, 0)).toBe('没有进行中的任务：此批次已结束。');
      expect(batchEtaText({ kind: 'refused', reason: '暂时无法估算' }, 1234, 0)).toBe('1,234 个进行中的任务：暂时无法估算。');
      expect(
        batchEtaText(
          { kind: 'ending-rate', remainingMs: 95_000, lowMs: 60_000, highMs: 120_000, perMinute: 2.5 },
          3,
          Date.UTC(2026, 0, 1, 9, 0),
          'utc',
        ),
      ).toMatch(/^3 个进行中的任务约 1分钟 35秒 后完成，约在 09:01（95% 区间：1分钟 至 2分钟，.*每分钟结束 2\.5 个任务的速率。$/);
    } finally {
      await act(() => setLocale('en'));
    }
  });
});

describe('BatchEta while updates fail or checks are off', () => {
  const NOW = Date.UTC(2026, 0, 1, 14, 2);
  const id = 'Service_AI_b';
  // Running, 0 → 50 % over the 100 s before the last good check at NOW: 100 s more at that rate.
  const board: TaskBoard = {
    ...EMPTY_BOARD,
    polledAt: NOW,
    tasks: new Map([
      [
        id,
        snap(item(id, 3, { taskProgress: 50 }), NOW, {
          progressMarks: steadyMarks({ progress: 0, at: NOW - 100_000 }, { progress: 50, at: NOW }),
        }),
      ],
    ]),
  };
  const rows = buildRows([id], board);
  const etaAt = (now: number, freshness: Freshness) => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const { container, unmount } = render(<BatchEta series={EMPTY_SERIES} live={1} rows={rows} freshness={freshness} polledAt={NOW} />);
    const text = container.querySelector('p')!.textContent;
    unmount();
    return text;
  };

  it('counts down while the data is checked', () => {
    expect(etaAt(NOW + 30_000, 'live')).toMatch(/^1 live task done in about 1 min 10 sec,/);
  });

  it('says the time left in 5 s steps, rounded up, as the rows do', () => {
    expect(etaAt(NOW + 32_000, 'live')).toMatch(/^1 live task done in about 1 min 10 sec,/);
    expect(etaAt(NOW + 35_000, 'live')).toMatch(/^1 live task done in about 1 min 5 sec,/);
  });

  it('freezes at the last good check and says it is stale, from when (before: it kept counting down)', () => {
    const asOf = formatClock('en', NOW, 'local');
    const frozen = etaAt(NOW + 30_000, 'stale');
    expect(frozen).toMatch(new RegExp(`^Stale \\(as of ${asOf}\\): 1 live task done in about 1 min 40 sec, around `));
    // Two minutes of outage later: the same words.
    expect(etaAt(NOW + 150_000, 'stale')).toBe(frozen);
  });

  it('freezes at the last check with checks off, and says so', () => {
    const asOf = formatClock('en', NOW, 'local');
    const frozen = etaAt(NOW + 30_000, 'paused');
    expect(frozen).toMatch(new RegExp(`^Checks off \\(as of ${asOf}\\): 1 live task done in about 1 min 40 sec, around `));
    expect(etaAt(NOW + 10 * 60_000, 'paused')).toBe(frozen);
  });

  it('says it in Chinese', async () => {
    await act(() => setLocale('zh-CN'));
    try {
      expect(etaAt(NOW + 30_000, 'stale')).toMatch(/^已过时（截至 \d\d:\d\d）：1 个进行中的任务约 1分钟 40秒 后完成/);
      expect(etaAt(NOW + 30_000, 'paused')).toMatch(/^检查已关闭（截至 \d\d:\d\d）：1 个进行中的任务约 1分钟 40秒 后完成/);
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
