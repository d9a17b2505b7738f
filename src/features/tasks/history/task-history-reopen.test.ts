import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { item } from '../testing/snapshots';
import { mergeBoard } from '../status-worker/merge-board';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';
import { firstSeenOf, statusChanges, type TaskRecord } from './task-record';
import type { StoredBatch } from './task-history-db';
import { resetTaskHistoryForTests, startTaskHistory, taskHistoryStore, tuneTaskHistoryForTests } from './task-history-recorder';
import { watchListStore } from '../watch-list/watch-list-store';

// IndexedDB as a map that outlives a page, and each record written, by ID: what a reopened page writes is under test.
const stored = new Map<string, TaskRecord>();
const writes: string[] = [];
vi.mock('./task-history-db', () => ({
  loadHistory: () =>
    Promise.resolve({ records: [...stored.values()].map((r) => structuredClone(r)), batch: undefined, logged: 0, legacy: false }),
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
let ids = Array.from({ length: 300 }, (_, i) => `Service_AI_reopen_${i}`);
let client: QueryClient;

/** A page of the console with its poller's board (one poll cycle of `answers`), recorded from the start. */
function startPage(at: number, answers: (id: string, i: number) => ReturnType<typeof item>) {
  client = new QueryClient();
  // As the poller's query: its boards as made, each a step from the last (board-delta.ts).
  client.setQueryDefaults(key, { structuralSharing: false });
  watchListStore.set({ scope: 'test', ids, loaded: true });
  const published = new Promise<void>((ok) => void taskHistoryStore.subscribe(() => ok()));
  startTaskHistory(client);
  const board: TaskBoard = mergeBoard(EMPTY_BOARD, ids, ids.map(answers), at, 3);
  client.setQueryData(key, board);
  return { board, published };
}

async function openPage(at: number, answers: (id: string, i: number) => ReturnType<typeof item>) {
  const { board, published } = startPage(at, answers);
  await published;
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
  vi.unstubAllGlobals();
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

  describe('a long list (laid over in slices)', () => {
    const short = ids;
    beforeEach(() => {
      ids = Array.from({ length: 3_000 }, (_, i) => `Service_AI_reopen_${i}`);
    });
    afterEach(() => {
      ids = short;
    });
    const answers = (id: string, i: number) => (i % 2 ? item(id, 4) : item(id, 3, { taskProgress: 40 }));
    const board = () => client.getQueryData<TaskBoard>(key)!;

    it('restores the first board a slice at a time, then records it as stored and writes nothing', async () => {
      await openPage(100 * MINUTE, answers);
      closePage();
      writes.length = 0;
      tuneTaskHistoryForTests({ syncRecords: 1_000, sliceMs: 0 });
      const steps: TaskBoard[] = [];
      const { board: first } = startPage(112 * MINUTE, answers);
      client.getQueryCache().subscribe((e) => {
        if (e.type === 'updated' && e.action.type === 'setState') steps.push(e.query.state.data as TaskBoard);
      });
      await vi.advanceTimersByTimeAsync(40_000);
      // 3,000 tasks in slices of 1,024: three steps, each a board of its own.
      expect(steps.length).toBe(3);
      expect(new Set(steps).size).toBe(3);
      expect(board()).not.toBe(first);
      for (const id of ids) expect(board().tasks.get(id)!.changedAt, id).toBe(100 * MINUTE);
      expect(writes).toEqual([]);
      expect(recordOf(ids[0]!).changes).toBeNull();
      expect(firstSeenOf(recordOf(ids[0]!))).toBe(100 * MINUTE);
      expect(taskHistoryStore.get().records.size).toBe(ids.length);
    });

    it('does not restore again a later board on the map it restored (the poller merges over the restored snapshots)', async () => {
      await openPage(100 * MINUTE, answers);
      closePage();
      const costs: Record<string, number> = {};
      vi.stubGlobal('__consoleMeasureCosts', costs);
      tuneTaskHistoryForTests({ syncRecords: 1_000, sliceMs: 0 });
      startPage(112 * MINUTE, answers);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(costs['overview: restore slices']).toBeDefined();
      delete costs['overview: restore slices'];
      const restored = board();
      const next = mergeBoard(restored, ids, ids.map(answers), 113 * MINUTE, 3);
      expect(next.tasks).toBe(restored.tasks);
      client.setQueryData(key, next);
      await vi.advanceTimersByTimeAsync(40_000);
      expect(costs['overview: restore slices']).toBeUndefined();
      for (const id of ids) expect(board().tasks.get(id)!.changedAt, id).toBe(100 * MINUTE);
    });

    it('ends and records even when every slice finds a board with a new task map', async () => {
      await openPage(100 * MINUTE, answers);
      closePage();
      tuneTaskHistoryForTests({ syncRecords: 1_000, sliceMs: 0 });
      startPage(112 * MINUTE, answers);
      let at = 113 * MINUTE;
      const stop = client.getQueryCache().subscribe((e) => {
        if (e.type !== 'updated' || e.action.type !== 'setState') return;
        at += 1_000;
        queueMicrotask(() => client.setQueryData(key, mergeBoard(EMPTY_BOARD, ids, ids.map(answers), at, 3)));
      });
      await vi.advanceTimersByTimeAsync(40_000);
      stop();
      expect(taskHistoryStore.get().records.size).toBe(ids.length);
    });

    it('lays nothing over the boards of a first visit (their records are its own)', async () => {
      // The work the page counts when measured (measure-cost.ts): no restore slice may run.
      const costs: Record<string, number> = {};
      vi.stubGlobal('__consoleMeasureCosts', costs);
      tuneTaskHistoryForTests({ syncRecords: 1_000, sliceMs: 0 });
      const { published } = startPage(100 * MINUTE, answers);
      let steps = 0;
      client.getQueryCache().subscribe((e) => void (e.type === 'updated' && e.action.type === 'setState' && steps++));
      await published;
      for (const at of [101, 102, 103]) {
        // Each board once the last is recorded (the first in slices).
        await vi.advanceTimersByTimeAsync(2_000);
        client.setQueryData(key, mergeBoard(board(), ids, ids.map(answers), at * MINUTE, 3));
      }
      await vi.advanceTimersByTimeAsync(40_000);
      expect(steps).toBe(0);
      expect(costs['overview: record slices']).toBeDefined();
      expect(costs['overview: restore slices']).toBeUndefined();
      expect(taskHistoryStore.get().records.size).toBe(ids.length);
    });

    it('lays it over from the start when a board with another task map comes meanwhile (a cycle begun before the load)', async () => {
      await openPage(100 * MINUTE, answers);
      closePage();
      tuneTaskHistoryForTests({ syncRecords: 1_000, sliceMs: 0 });
      startPage(112 * MINUTE, answers);
      let steps = 0;
      client.getQueryCache().subscribe((e) => void (e.type === 'updated' && e.action.type === 'setState' && steps++));
      // The first slice is done; the cycle in flight ends with a board made from none of it.
      while (steps === 0) await vi.advanceTimersByTimeAsync(0);
      expect(steps).toBe(1);
      const other = mergeBoard(EMPTY_BOARD, ids, ids.map(answers), 113 * MINUTE, 3);
      client.setQueryData(key, other);
      await vi.advanceTimersByTimeAsync(40_000);
      expect(board().tasks).toBe(other.tasks);
      for (const id of ids) expect(board().tasks.get(id)!.changedAt, id).toBe(100 * MINUTE);
    });
  });
});
