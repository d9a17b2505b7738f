import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '@/lib/router';
import { taskQueryStore } from './task-query-store';
import { useTaskQuery } from './use-task-query';

function Probe() {
  useTaskQuery();
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  taskQueryStore.save('');
  window.history.replaceState(null, '', '/');
});

describe('useTaskQuery', () => {
  it('takes the query from the address, and keeps it there when a task’s details open and close', () => {
    window.history.replaceState(null, '', '/tasks?q=status:failed');
    render(<Probe />);
    expect(taskQueryStore.get()).toBe('status:failed');
    act(() => navigate('/tasks/Service_AI_1'));
    expect(window.location.pathname).toBe('/tasks/Service_AI_1');
    expect(new URLSearchParams(window.location.search).get('q')).toBe('status:failed');
    act(() => navigate('/tasks'));
    expect(new URLSearchParams(window.location.search).get('q')).toBe('status:failed');
  });

  it('writes a changed query to the address once it settles, and never into another page’s', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/tasks');
    render(<Probe />);
    const writes = vi.spyOn(window.history, 'replaceState');
    // Terms committed one after another as they are typed: one write, after the last.
    for (const q of ['code:3002', 'code:3002 status:failed', 'code:3002 status:failed updated:<1h']) {
      act(() => taskQueryStore.save(q));
      act(() => vi.advanceTimersByTime(600));
    }
    expect(writes).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(400));
    expect(writes).toHaveBeenCalledTimes(1);
    expect(new URLSearchParams(window.location.search).get('q')).toBe('code:3002 status:failed updated:<1h');
    // A page left before then (a reload) still has it.
    act(() => taskQueryStore.save('code:3002'));
    window.dispatchEvent(new Event('pagehide'));
    expect(new URLSearchParams(window.location.search).get('q')).toBe('code:3002');
    act(() => navigate('/speech'));
    act(() => taskQueryStore.save('status:running'));
    act(() => vi.advanceTimersByTime(1_000));
    expect(window.location.search).toBe('');
  });
});
