import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { copyOutcome } from './announcer-store';

describe('copyOutcome', () => {
  afterEach(() => act(() => setLocale('en')));

  it('says how the copy went, in the operator language', async () => {
    expect(copyOutcome(true, '3 IDs')).toBe('Copied 3 IDs');
    expect(copyOutcome(false, '3 IDs')).toBe('Could not copy 3 IDs: the browser refused clipboard access');
    await act(() => setLocale('zh-CN'));
    expect(copyOutcome(true, '3 个 ID')).toBe('已复制3 个 ID');
    expect(copyOutcome(false, '任务 ID')).toBe('无法复制任务 ID：浏览器拒绝了剪贴板访问');
  });
});
