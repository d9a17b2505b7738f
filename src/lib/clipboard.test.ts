import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { copyOutcome, copyText } from './clipboard';

describe('copyText', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the text and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyText('curl …')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('curl …');
  });

  it('reports a refusal instead of throwing', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) } });
    expect(await copyText('x')).toBe(false);
  });

  it('reports a missing clipboard API', async () => {
    vi.stubGlobal('navigator', {});
    expect(await copyText('x')).toBe(false);
  });
});

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
