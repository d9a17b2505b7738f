import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { item } from '../testing/snapshots';
import { mergeBoard } from '../status-worker/merge-board';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';
import { firstSeenOf, statusChanges, type TaskRecord } from './task-record';
import type { StoredBatch } from './task-history-db';
import { resetTaskHistoryForTests, startTaskHistory, taskHistoryStore } from './task-history-recorder';
import { watchListStore } from '../watch-list/watch-list-store';

// IndexedDB as a map that outlives a page, and each record written, by ID: what a reopened page writes is under test.
const stored = new Map<string, TaskRecord>();
const writes: string[] = [];
vi.mock('./task-history-db', () => ({
  loadHistory: () => Promise.resolve({ records: [...stored.values()].map((r) => structuredClone(r)), batch: undefined }),
  saveHistory: (_scope: string, records: readonly TaskRecord[], _batch: StoredBatch | null) => {
    for (const r of records) {
      stored.set(r.id, structuredClone(r));
      writes.push(r.id);
    }
    return Promise.resolve();
  },
  deleteRecords: () => Promise.resolve(),
}));

const key = ['task-status', '/api', '42', 'watch-list'] as const;
const MINUTE = 60_000;
const ids = Array.from({ length: 300 }, (_, i) => `Service_AI_reopen_${i}`);
let client: QueryClient;

/** A page of the console with its poller's board, recorded from the start; `answer` is one poll cycle. */
async function openPage(at: number, answers: (id: string, i: number) => ReturnType<typeof item>) {
  client = new QueryClient();
  watchListStore.set({ scope: 'test', ids, loaded: true });
  const loaded = new Promise<void>((ok) => void taskHistoryStore.subscribe(() => ok()));
  startTaskHistory(client);
  const board: TaskBoard = mergeBoard(EMPTY_BOARD, ids, ids.map(answers), at, 3);
  client.setQueryData(key, board);
  await loaded;
  return board;
}

/** Hidden, then gone: a closing page writes everything it holds. */
function closePage() {
  const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
  state.mockRestore();
  resetTaskHistoryForTests(client);
}

const recordOf = (id: string) => taskHistoryStore.get().records.get(id)!;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  resetTaskHistoryForTests(client);
  stored.clear();
  writes.length = 0;
  vi.useRealTimers();
});

describe('a page opened again over a stored history', () => {
  it('writes none of the records whose tasks answer as they were stored, and keeps them as first seen', async () => {
    await openPage(100 * MINUTE, (id, i) => (i % 2 ? item(id, 4) : item(id, 3, { taskProgress: 40 })));
    closePage();
    expect(stored.size).toBe(ids.length);
    writes.length = 0;

    const board = await openPage(112 * MINUTE, (id, i) => (i % 2 ? item(id, 4) : item(id, 3, { taskProgress: 40 })));
    await vi.advanceTimersByTimeAsync(40_000);
    expect(writes).toEqual([]);
    for (const id of [ids[0]!, ids[1]!]) {
      const record = recordOf(id);
      // The board's own snapshot (the stored copy is not kept beside it), still the one change it was first seen with.
      expect(record.snapshot.item).toBe(board.tasks.get(id)!.item);
      expect(record.changes).toBeNull();
      expect(record.samples).toBeNull();
      expect(firstSeenOf(record)).toBe(100 * MINUTE);
      expect(statusChanges(record)).toEqual([{ at: 100 * MINUTE, status: id === ids[0] ? 3 : 4, progress: id === ids[0] ? 40 : 100 }]);
    }
  });

  it('writes the records of tasks that moved while the page was closed, and only those', async () => {
    await openPage(100 * MINUTE, (id) => item(id, 3, { taskProgress: 40 }));
    closePage();
    writes.length = 0;

    await openPage(112 * MINUTE, (id, i) =>
      i < 10 ? item(id, 4) : i < 30 ? item(id, 3, { taskProgress: 60 }) : item(id, 3, { taskProgress: 40 }),
    );
    await vi.advanceTimersByTimeAsync(40_000);
    expect(new Set(writes)).toEqual(new Set(ids.slice(0, 30)));
    expect(statusChanges(recordOf(ids[0]!)).map((c) => c.status)).toEqual([3, 4]);
    expect(recordOf(ids[10]!).samples).toEqual([100 * MINUTE, 40, 112 * MINUTE, 60]);
    expect(firstSeenOf(recordOf(ids[10]!))).toBe(100 * MINUTE);
  });
});
