import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { titlePrefixStore } from '@/hooks/use-document-title';
import { setLocale } from '@/i18n/i18n-store';
import { summaryOf, type Summary } from '../rows/summarize';
import type { StatusGroup } from '../task/status-group';
import { useTabTitle } from './use-tab-title';

function Title({ summary }: { summary: Summary }) {
  useTabTitle(summary);
  return null;
}

const summary = summaryOf(
  1234,
  new Map<StatusGroup, number>([
    [3, 1000],
    [4, 200],
    [5, 30],
    [6, 4],
  ]),
);

describe('useTabTitle', () => {
  it('puts the counts in the tab title, and says them again in Chinese after a switch of language', async () => {
    const { unmount } = render(<Title summary={summary} />);
    expect(titlePrefixStore.get()).toBe('(1,000 live · 200/1,234 done · 30 failed · 4 aborted) ');
    await act(() => setLocale('zh-CN'));
    try {
      expect(titlePrefixStore.get()).toBe('(进行中 1,000 · 已完成 200/1,234 · 失败 30 · 已中止 4) ');
    } finally {
      await act(() => setLocale('en'));
    }
    unmount();
    expect(titlePrefixStore.get()).toBe('');
  });
});
