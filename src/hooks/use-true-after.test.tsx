import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useTrueAfter } from './use-true-after';

afterEach(() => vi.useRealTimers());

describe('useTrueAfter', () => {
  it('is true only once the value has stayed true for the wait, and false at once with it', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value, ms }) => useTrueAfter(value, ms), { initialProps: { value: false, ms: 150 } });
    expect(result.current).toBe(false);

    rerender({ value: true, ms: 150 });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(149));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);

    rerender({ value: false, ms: 150 });
    expect(result.current).toBe(false);
    // A new spell of true waits again: the last one's does not carry over.
    rerender({ value: true, ms: 150 });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    rerender({ value: false, ms: 150 });
    act(() => vi.advanceTimersByTime(100));
    rerender({ value: true, ms: 150 });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(true);
  });

  it('with no wait follows the value at once', () => {
    const { result, rerender } = renderHook(({ value }) => useTrueAfter(value, 0), { initialProps: { value: true } });
    expect(result.current).toBe(true);
    rerender({ value: false });
    expect(result.current).toBe(false);
  });
});
