// @vitest-environment jsdom
// setLocale sets <html lang>: this file needs a document.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, t } from '@/i18n/i18n-store';
import { formatDuration } from '@/i18n/format';
import { scheduledPace, type WaitingCounts } from './poll-pace';

const pace = (waiting: WaitingCounts, intervalMs: number, locale = 'en') =>
  scheduledPace(waiting, intervalMs, t, (ms) => formatDuration(locale, ms));

afterEach(() => setLocale('en'));

describe('scheduledPace', () => {
  it('says the interval while any task is live', () => {
    expect(pace({ live: 3, notFound: 2, awaitingUrl: 1 }, 2_000)).toBe('Checking every 2 sec');
  });

  it('says the slow pace that is actually scheduled when only not-found IDs are left, never the interval', () => {
    const text = pace({ live: 0, notFound: 4, awaitingUrl: 0 }, 2_000);
    expect(text).toBe('Only not-found tasks left: re-checking every 1 min');
    expect(text).not.toContain('every 2 sec');
    expect(pace({ live: 0, notFound: 4, awaitingUrl: 0 }, 10_000)).toBe('Only not-found tasks left: re-checking every 1 min 40 sec');
  });

  it('says Finished tasks without a usable link are re-checked at their own pace', () => {
    expect(pace({ live: 0, notFound: 0, awaitingUrl: 2 }, 2_000)).toBe(
      'Only finished tasks without a usable result link left: re-checking every 15 sec',
    );
    expect(pace({ live: 0, notFound: 1, awaitingUrl: 2 }, 5_000)).toBe(
      'Only not-found tasks (re-checked every 1 min) and finished tasks without a usable result link (every 15 sec) left',
    );
  });

  it('says when nothing is sent', () => {
    expect(pace({ live: 0, notFound: 0, awaitingUrl: 0 }, 2_000)).toBe('Nothing live: no requests are sent');
    expect(pace({ live: 5, notFound: 0, awaitingUrl: 0 }, 0)).toBe('Automatic checks are off');
  });

  it('speaks Chinese, with the durations written for zh-CN', async () => {
    await setLocale('zh-CN');
    expect(pace({ live: 3, notFound: 0, awaitingUrl: 0 }, 2_000, 'zh-CN')).toBe('每 2秒检查一次');
    expect(pace({ live: 0, notFound: 4, awaitingUrl: 0 }, 10_000, 'zh-CN')).toBe('只剩未找到的任务：每 1分钟 40秒重新检查一次');
    expect(pace({ live: 0, notFound: 0, awaitingUrl: 0 }, 2_000, 'zh-CN')).toBe('没有进行中的任务：不发送请求');
  });
});
