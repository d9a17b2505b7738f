import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, t } from '@/i18n/i18n-store';
import type { StatusGroup } from './status-group';
import { summaryOf, tabTitlePrefix } from './summarize';

const summary = (counts: [StatusGroup, number][]) =>
  summaryOf(
    counts.reduce((n, [, c]) => n + c, 0),
    new Map(counts),
  );

afterEach(() => setLocale('en'));

describe('tabTitlePrefix', () => {
  it('counts live, done, failed and aborted tasks for the tab title', () => {
    expect(tabTitlePrefix(summary([]), t)).toBe('');
    expect(tabTitlePrefix(summary([[3, 3]]), t)).toBe('(3 live · 0/3 done) ');
    expect(
      tabTitlePrefix(
        summary([
          [5, 1],
          [6, 1],
        ]),
        t,
      ),
    ).toBe('(All done 0/2 · 1 failed · 1 aborted) ');
    expect(
      tabTitlePrefix(
        summary([
          [4, 12_000],
          [2, 1],
        ]),
        t,
      ),
    ).toBe('(1 live · 12,000/12,001 done) ');
  });

  it('speaks Chinese', async () => {
    await setLocale('zh-CN');
    expect(tabTitlePrefix(summary([[3, 3]]), t)).toBe('（3 个进行中 · 已完成 0/3）');
    expect(
      tabTitlePrefix(
        summary([
          [4, 1],
          [5, 1],
          [6, 1],
        ]),
        t,
      ),
    ).toBe('（全部结束，已完成 1/3 · 1 个失败 · 1 个已中止）');
  });
});
