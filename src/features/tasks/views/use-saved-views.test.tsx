import 'fake-indexeddb/auto';
import { renderHook, waitFor, act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveView, type ViewDraft } from './saved-views-store';
import { useSavedViews } from './use-saved-views';

let n = 0;
const newScope = () => `/api\u0000hook-user-${++n}`;
const draft = (name: string): ViewDraft => ({ name, query: 'status:failed', sort: { key: 'list', descending: false }, openParts: [] });
const names = (views: readonly { name: string }[]) => views.map((v) => v.name);

describe('useSavedViews', () => {
  it("shows the active profile's views only, and another's at once after a switch", async () => {
    const a = newScope();
    const b = newScope();
    await saveView(a, draft('a view'));
    await saveView(b, draft('b view'));
    const { result, rerender } = renderHook(({ scope }) => useSavedViews(scope), { initialProps: { scope: a } });
    await waitFor(() => expect(names(result.current.views)).toEqual(['a view']));
    rerender({ scope: b });
    // Not a's list for a render while b's is read.
    expect(names(result.current.views)).not.toContain('a view');
    await waitFor(() => expect(names(result.current.views)).toEqual(['b view']));
    expect(result.current.loaded).toBe(true);
  });

  it('reads again when the views change (here, or in another tab through the store)', async () => {
    const scope = newScope();
    const { result } = renderHook(() => useSavedViews(scope));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.views).toEqual([]);
    await act(() => saveView(scope, draft('new one')));
    await waitFor(() => expect(names(result.current.views)).toEqual(['new one']));
    // Another profile's change is not this list's.
    await act(() => saveView(newScope(), draft('elsewhere')));
    expect(names(result.current.views)).toEqual(['new one']);
  });
});
