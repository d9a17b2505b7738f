import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useClock, useNow } from './use-now';

afterEach(() => vi.useRealTimers());

describe('useClock', () => {
  it('renders again only when the selected value changes, while useNow renders on every tick', () => {
    // 30 s into a minute, and the clock's last reading (from whenever it last ran) replaced when it starts.
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:30Z') });
    const renders = { minute: 0, now: 0 };
    function Minute() {
      renders.minute++;
      const minute = useClock((now) => Math.floor(now / 60_000) % 60);
      return <p>minute {minute}</p>;
    }
    function Seconds() {
      renders.now++;
      useNow();
      return null;
    }
    render(
      <>
        <Minute />
        <Seconds />
      </>,
    );
    const start = { ...renders };
    const tick = (seconds: number) => {
      // A tick at a time: act() batches every update inside it into one render.
      for (let i = 0; i < seconds; i++) act(() => vi.advanceTimersByTime(1_000));
    };
    tick(20);
    expect(renders.now - start.now).toBe(20);
    expect(renders.minute).toBe(start.minute);
    expect(screen.getByText('minute 0')).toBeInTheDocument();
    tick(15);
    expect(screen.getByText('minute 1')).toBeInTheDocument();
    expect(renders.minute).toBe(start.minute + 1);
  });
});
