import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { scheduledPace } from './poll-pace';

describe('scheduledPace', () => {
  it('says the interval while any task is live', () => {
    expect(scheduledPace({ live: 3, notFound: 2, awaitingUrl: 1 }, 2_000)).toBe('Checking every 2 s');
  });

  it('says the slow pace that is actually scheduled when only not-found IDs are left, never the interval', () => {
    const text = scheduledPace({ live: 0, notFound: 4, awaitingUrl: 0 }, 2_000);
    expect(text).toBe('Only not-found tasks left: re-checking every 1 min');
    expect(text).not.toContain('every 2 s');
    expect(scheduledPace({ live: 0, notFound: 4, awaitingUrl: 0 }, 10_000)).toBe(
      'Only not-found tasks left: re-checking every 1 min 40 sec',
    );
  });

  it('says Finished tasks without a usable link are re-checked at their own pace', () => {
    expect(scheduledPace({ live: 0, notFound: 0, awaitingUrl: 2 }, 2_000)).toBe(
      'Only finished tasks without a usable result link left: re-checking every 15 sec',
    );
    expect(scheduledPace({ live: 0, notFound: 1, awaitingUrl: 2 }, 5_000)).toBe(
      'Only not-found tasks (re-checked every 1 min) and finished tasks without a usable result link (every 15 sec) left',
    );
  });

  it('says when nothing is sent', () => {
    expect(scheduledPace({ live: 0, notFound: 0, awaitingUrl: 0 }, 2_000)).toBe('Nothing live: no requests are sent');
    expect(scheduledPace({ live: 5, notFound: 0, awaitingUrl: 0 }, 0)).toBe('Automatic checks are off');
  });

  it('says it in Chinese, durations through Intl', async () => {
    await act(() => setLocale('zh-CN'));
    try {
      expect(scheduledPace({ live: 3, notFound: 0, awaitingUrl: 0 }, 2_000)).toBe('每 2 秒查询一次');
      expect(scheduledPace({ live: 0, notFound: 4, awaitingUrl: 0 }, 10_000)).toMatch(
        /^只剩未找到的任务：每 1\s?分钟\s?40\s?秒重新查询一次$/,
      );
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
