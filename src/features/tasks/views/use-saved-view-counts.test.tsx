import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { item, snap } from '../testing/snapshots';
import { buildRow, type WatchedTask } from '../rows/task-rows';
import { useSavedViewCounts } from './use-saved-view-counts';

const NOW = Date.now();
const row = (id: string, i: number, status: number) => buildRow(id, i, snap(item(id, status, { updateTime: NOW }), NOW));

describe('useSavedViewCounts', () => {
  it('counts each query over the rows, and again as rows change in place', async () => {
    const rows: WatchedTask[] = Array.from({ length: 2_000 }, (_, i) => row(`T${i}`, i, i < 500 ? 5 : 3));
    const queries = ['status:failed', 'status:failed updated:<1h', ''];
    const { result, rerender } = renderHook(({ version }) => useSavedViewCounts(queries, rows, version, 300_000), {
      initialProps: { version: 1 },
    });
    await waitFor(() => expect([...result.current.values()]).toEqual([500, 500, 2_000]));
    // A poll update writes the rows in place and bumps the version: two more tasks fail.
    rows[600] = row('T600', 600, 5);
    rows[601] = row('T601', 601, 5);
    rerender({ version: 2 });
    await waitFor(() => expect([...result.current.values()]).toEqual([502, 502, 2_000]));
  });

  it('counts a query added later, keeping the others', async () => {
    const rows = [row('A', 0, 5), row('B', 1, 4)];
    const { result, rerender } = renderHook(({ queries }) => useSavedViewCounts(queries, rows, 1, 300_000), {
      initialProps: { queries: ['status:failed'] },
    });
    await waitFor(() => expect(result.current.get('status:failed')).toBe(1));
    rerender({ queries: ['status:failed', 'status:finished'] });
    await waitFor(() => expect(result.current.get('status:finished')).toBe(1));
    expect(result.current.get('status:failed')).toBe(1);
  });
});
