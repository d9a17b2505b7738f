import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { RedoPartError } from './redo-failure';
import { lexiconStore } from '../lexicon/lexicon-store';
import type { TakePart } from '../take/take';
import { PartList, type PartRedo } from './part-list';

const parts: TakePart[] = [
  { text: 'One.', startMs: 0, taskId: 't1' },
  { text: 'Two.', startMs: 1000, taskId: 't2', redone: 1 },
  { text: 'Three.', startMs: 2000, taskId: 't3', redone: 2 },
];
const redoOf = (over: Partial<PartRedo> = {}): PartRedo => ({
  redo: vi.fn(() => Promise.resolve()),
  pendingIndex: null,
  failedIndex: null,
  error: null,
  ...over,
});

describe('PartList with redo', () => {
  afterEach(async () => {
    lexiconStore.set([]);
    await act(() => setLocale('en'));
  });

  it('marks redone parts, and offers "Redo part N" only where a redo is possible', () => {
    const { rerender } = render(<PartList parts={parts} currentTime={0} onSeek={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /^Redo part/ })).toBeNull();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).not.toHaveTextContent('redone');
    expect(items[1]).toHaveTextContent(/redone$/);
    expect(items[2]).toHaveTextContent('redone ×2');
    rerender(<PartList parts={parts} currentTime={0} onSeek={vi.fn()} redo={redoOf()} />);
    expect(screen.getAllByRole('button', { name: /^Redo part \d$/ })).toHaveLength(3);
  });

  it('checks the edited text with the form limits, sends it, then gives focus back to the part', async () => {
    const redo = redoOf();
    render(<PartList parts={parts} currentTime={0} onSeek={vi.fn()} redo={redo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Redo part 3' }));
    const text = screen.getByRole('textbox', { name: 'Text of part 3' });
    expect(text).toHaveFocus();
    expect(text).toHaveValue('Three.');
    fireEvent.change(text, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make part 3 again' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Part 3 needs some text.');
    expect(text).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(text, { target: { value: 'x'.repeat(5001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Make part 3 again' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Part 3 is 5,001 characters, more than the 5,000 one request can take.');
    expect(redo.redo).not.toHaveBeenCalled();
    fireEvent.change(text, { target: { value: 'Three, edited.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Make part 3 again' })));
    expect(redo.redo).toHaveBeenCalledWith(2, 'Three, edited.');
    await act(() => new Promise(requestAnimationFrame));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Redo part 3' })).toHaveFocus();
  });

  it('sends an unchanged text as no edit', async () => {
    const redo = redoOf();
    render(<PartList parts={parts} currentTime={0} onSeek={vi.fn()} redo={redo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Redo part 1' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Make part 1 again' })));
    expect(redo.redo).toHaveBeenCalledWith(0, undefined);
  });

  it('sends edited text with the pronunciation lexicon applied, as the form does, and checks the length of what is sent', async () => {
    lexiconStore.set([{ written: 'SQL', said: 'sequel', wholeWord: true, caseSensitive: false, language: 'en' }]);
    const redo = redoOf();
    render(<PartList parts={parts} currentTime={0} onSeek={vi.fn()} redo={redo} language="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Redo part 1' }));
    const text = screen.getByRole('textbox', { name: 'Text of part 1' });
    fireEvent.change(text, { target: { value: `${'SQL '.repeat(1250)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Make part 1 again' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Part 1 is 8,749 characters, more than the 5,000 one request can take.');
    fireEvent.change(text, { target: { value: 'One SQL.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Make part 1 again' })));
    expect(redo.redo).toHaveBeenCalledWith(0, 'One sequel.');
  });

  it('shows why a rejoin was refused as an alert in the open form, in Chinese too', async () => {
    const error = new RedoPartError(1, { code: 'formatMismatch', expected: 'wav', got: 'mp3' });
    const { rerender } = render(<PartList parts={parts} currentTime={0} onSeek={vi.fn()} redo={redoOf()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Redo part 2' }));
    rerender(<PartList parts={parts} currentTime={0} onSeek={vi.fn()} redo={redoOf({ failedIndex: 1, error })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Part 2 came back as MP3, the take is WAV: it was not joined.');
    await act(() => setLocale('zh-CN'));
    expect(screen.getByRole('alert')).toHaveTextContent('第 2 段返回的格式是 MP3，而该录音是 WAV：未拼接。');
    expect(screen.getByRole('textbox', { name: '第 2 段的文本' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新生成第 2 段' })).toBeInTheDocument();
  });
});
