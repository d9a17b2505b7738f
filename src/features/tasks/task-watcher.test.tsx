import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionStore, DEFAULT_PROFILE } from '@/lib/connection-store';
import { renderWithClient } from '@/testing/render-with-client';
import { TaskWatcher } from './task-watcher';

const { startTaskHistory } = vi.hoisted(() => ({ startTaskHistory: vi.fn() }));
vi.mock('./history/task-history-recorder', () => ({ startTaskHistory }));

beforeEach(() => {
  localStorage.clear();
  startTaskHistory.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => new Response('{}')),
  );
  connectionStore.set({ profiles: [DEFAULT_PROFILE], activeId: 'local' });
});
afterEach(() => vi.unstubAllGlobals());

describe('TaskWatcher', () => {
  it('starts the task history only once a user ID is set (nothing is polled before)', async () => {
    const { client } = renderWithClient(<TaskWatcher />);
    // Every dynamic import started so far has loaded and its callbacks have run: had the watcher started the
    // history's lazy import without a user ID, startTaskHistory would have been called by now.
    await act(() => vi.dynamicImportSettled());
    expect(startTaskHistory).not.toHaveBeenCalled();
    act(() => connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '10001' }], activeId: 'local' }));
    await waitFor(() => expect(startTaskHistory).toHaveBeenCalledWith(client));
  });
});
