import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { SynthesisProgress } from './synthesis-progress';

afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('SynthesisProgress', () => {
  it('once every part is done, says what is still being done instead of a time left', () => {
    const { rerender } = render(<SynthesisProgress progress={{ done: 3, total: 3, msLeft: null, finishing: { normalizeTo: -16 } }} />);
    expect(screen.getByText('All 3 parts done: joining them and bringing the audio to -16 LUFS…')).toBeInTheDocument();
    expect(screen.queryByText(/left/)).toBeNull();
    rerender(<SynthesisProgress progress={{ done: 3, total: 3, msLeft: null, finishing: { normalizeTo: null } }} />);
    expect(screen.getByRole('progressbar', { name: 'Synthesis progress' })).toHaveAttribute(
      'aria-valuetext',
      'All 3 parts done: joining them…',
    );
  });

  it('in Chinese', async () => {
    await act(() => setLocale('zh-CN'));
    render(<SynthesisProgress progress={{ done: 3, total: 3, msLeft: null, finishing: { normalizeTo: -23 } }} />);
    expect(screen.getByText('3 段已全部完成：正在合并，并将音频调整到 -23 LUFS…')).toBeInTheDocument();
  });
});
