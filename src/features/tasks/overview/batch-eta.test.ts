import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { batchEtaText } from './batch-eta';

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
