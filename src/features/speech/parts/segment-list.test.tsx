import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SegmentList } from './segment-list';

const segment = (index: number, startMs: number, endMs: number) => ({ index, text: `Sentence ${index}.`, startMs, endMs });

describe('SegmentList', () => {
  it('shows times that cannot be true as such, with the raw value, and does not seek to them', () => {
    const onSeek = vi.fn();
    render(
      <SegmentList
        speeches={[segment(0, -1000, 500), segment(1, 2000, 1000), segment(2, 1e20, 1e21), segment(3, 500, 1500)]}
        currentTime={0}
        onSeek={onSeek}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('invalid time (-1000 ms)–0:00.5');
    expect(items[0]).not.toHaveTextContent('-1:');
    expect(items[1]).toHaveTextContent('invalid range (2000–1000 ms: ends before it starts)');
    expect(items[2]).toHaveTextContent('invalid time (100000000000000000000 ms)–invalid time (1e+21 ms)');
    // Only the true segment is a seek button; the others are read, not clicked.
    expect(screen.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /Sentence 3\./ }));
    expect(onSeek).toHaveBeenCalledWith(0.5);
    expect(items[0]).not.toHaveAttribute('aria-current');
  });

  it('formats a true time as minutes and seconds', () => {
    render(<SegmentList speeches={[segment(0, 59_960, 61_000)]} currentTime={0} onSeek={() => undefined} />);
    expect(screen.getByRole('button', { name: /Sentence 0\./ })).toHaveTextContent('1:00.0–1:01.0');
  });
});
