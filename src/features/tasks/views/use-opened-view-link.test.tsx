import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOpenedViewLink } from './use-opened-view-link';

const at = (url: string) => window.history.replaceState(null, '', url);
afterEach(() => at('/'));

describe('useOpenedViewLink', () => {
  it("opens a link's view: its query becomes the list's and `view` leaves the address", () => {
    at('/tasks?view=3002+last+hour&q=status:failed+updated:<1h+sort:updated-desc');
    const setQuery = vi.fn();
    const { result } = renderHook(() => useOpenedViewLink(window.location.search, setQuery));
    expect(result.current[0]).toEqual({
      name: '3002 last hour',
      query: 'status:failed updated:<1h',
      sort: { key: 'updated', descending: true },
    });
    expect(setQuery).toHaveBeenCalledWith('status:failed updated:<1h sort:updated-desc');
    expect(new URLSearchParams(window.location.search).get('view')).toBeNull();
    expect(new URLSearchParams(window.location.search).get('q')).toBe('status:failed updated:<1h sort:updated-desc');
  });

  it('cuts an over-long name and query, in the list and the address', () => {
    at(`/tasks?view=${'n'.repeat(100)}&q=${'x'.repeat(2_100)}`);
    const setQuery = vi.fn();
    const { result } = renderHook(() => useOpenedViewLink(window.location.search, setQuery));
    expect(result.current[0]?.name).toHaveLength(80);
    expect(setQuery).toHaveBeenCalledWith('x'.repeat(2_000));
    expect(new URLSearchParams(window.location.search).get('q')).toHaveLength(2_000);
  });

  it('reads the address the page opened with, not the live one: the board may have rewritten it first', () => {
    at(`/tasks?view=long&q=${'x'.repeat(3_000)}`);
    const openedWith = window.location.search;
    // The board's useTaskQuery drops a `q` past 2,000 characters from the address; it may run before this chunk loads.
    at('/tasks?view=long');
    const setQuery = vi.fn();
    const { result } = renderHook(() => useOpenedViewLink(openedWith, setQuery));
    expect(result.current[0]?.name).toBe('long');
    expect(setQuery).toHaveBeenCalledWith('x'.repeat(2_000));
    expect([...new URLSearchParams(window.location.search)]).toEqual([['q', 'x'.repeat(2_000)]]);
  });

  it('does nothing for an address without a view', () => {
    at('/tasks?q=status:failed');
    const setQuery = vi.fn();
    const { result } = renderHook(() => useOpenedViewLink(window.location.search, setQuery));
    expect(result.current[0]).toBeNull();
    expect(setQuery).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?q=status:failed');
  });
});
