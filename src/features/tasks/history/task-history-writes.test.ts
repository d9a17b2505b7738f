import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { item } from '../testing/snapshots';
import { mergeBoard } from '../status-worker/merge-board';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';
import type { TaskRecord } from './task-record';
import type { StoredBatch } from './task-history-db';
import { resetTaskHistoryForTests, startTaskHistory, taskHistoryStore, tuneTaskHistoryForTests } from './task-history-recorder';
import { watchListStore } from '../watch-list/watch-list-store';

// What each write put, in order: the recorder's scheduling is what is under test, not IndexedDB (absent in jsdom).
const writes: string[][] = [];
/** Each write's batch series: null when the series and feed had not changed since the last one written. */
const batches: Array<StoredBatch | null> = [];
vi.mock('./task-history-db', () => ({
  loadHistory: () => Promise.resolve({ records: [], batch: undefined, logged: 0, legacy: false }),
  saveHistory: (_scope: string, records: readonly TaskRecord[], batch: StoredBatch | null) => {
    writes.push(records.map((r) => r.id));
    batches.push(batch);
    return Promise.resolve();
  },
  deleteRecords: () => Promise.resolve(),
  compactHistory: (_scope: string, ids: readonly string[], recordOf: (id: string) => TaskRecord | undefined) => {
    compactions.push(ids.filter((id) => recordOf(id) !== undefined));
    return Promise.resolve();
  },
}));
/** The task IDs each compaction of the log was given (those with a record). */
const compactions: string[][] = [];

const key = ['task-status', '/api', '42', 'watch-list'] as const;
const ids = Array.from({ length: 300 }, (_, i) => `Service_AI_${i}`);
let client: QueryClient;
let board: TaskBoard;
const written = () => writes.flat();

function answer(at: number, answers: (id: string, i: number) => ReturnType<typeof item>) {
  board = mergeBoard(board, ids, ids.map(answers), at, 3);
  client.setQueryData(key, board);
}

beforeEach(async () => {
  vi.useFakeTimers();
  writes.length = 0;
  batches.length = 0;
  compactions.length = 0;
  client = new QueryClient();
  watchListStore.set({ scope: 'test', ids, loaded: true });
  board = EMPTY_BOARD;
  tuneTaskHistoryForTests({ recordsPerFlush: 200 });
  const loaded = new Promise<void>((ok) => void taskHistoryStore.subscribe(() => ok()));
  startTaskHistory(client);
  answer(1_000, (id) => item(id, 3, { taskProgress: 0 }));
  await loaded;
});

afterEach(() => {
  resetTaskHistoryForTests(client);
  vi.useRealTimers();
});

describe('the task-history recorder’s writes', () => {
  it('writes new tasks at once, in slices of 200', async () => {
    await vi.advanceTimersByTimeAsync(2_000 + 100);
    expect(writes.map((w) => w.length)).toEqual([200, 100]);
    expect(new Set(written())).toEqual(new Set(ids));
  });

  it('writes progress-only news a share per flush, longest-waiting first, each record once', async () => {
    await vi.advanceTimersByTimeAsync(2_100);
    writes.length = 0;
    answer(3_000, (id) => item(id, 3, { taskProgress: 10 }));
    await vi.advanceTimersByTimeAsync(2_000);
    // 300 records over 30 s at one flush per 2 s: 20 a flush.
    expect(writes).toEqual([ids.slice(0, 20)]);
    answer(5_000, (id) => item(id, 3, { taskProgress: 20 }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(written().slice(0, 40)).toEqual(ids.slice(0, 40));
    expect(new Set(written())).toEqual(new Set(ids));
    expect(written().length).toBeLessThan(ids.length + 40);
  });

  it('does not write again a running task answered at the progress it was written with', async () => {
    await vi.advanceTimersByTimeAsync(2_100);
    writes.length = 0;
    answer(3_000, (id, i) => item(id, 3, { taskProgress: i < 10 ? 10 : 0 }));
    answer(5_000, (id, i) => item(id, 3, { taskProgress: i < 10 ? 10 : 0 }));
    await vi.advanceTimersByTimeAsync(40_000);
    expect(new Set(written())).toEqual(new Set(ids.slice(0, 10)));
  });

  it('writes a status change at the next flush, ahead of progress-only news', async () => {
    await vi.advanceTimersByTimeAsync(2_100);
    writes.length = 0;
    answer(3_000, (id, i) => (i === 299 ? item(id, 4) : item(id, 3, { taskProgress: 10 })));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(writes[0]![0]).toBe('Service_AI_299');
    expect(writes[0]).toHaveLength(1 + 20);
  });

  it('writes everything still waiting when the page is hidden, in one write (a closing page runs no later timer)', () => {
    answer(3_000, (id) => item(id, 3, { taskProgress: 10 }));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(writes.map((w) => w.length)).toEqual([300]);
    expect(new Set(written())).toEqual(new Set(ids));
  });

  it('writes everything when the page is left (pagehide)', () => {
    window.dispatchEvent(new Event('pagehide'));
    expect(writes.map((w) => w.length)).toEqual([300]);
  });
  it('writes the series and feed only when they changed (a flow sample, a status change), not with every flush', async () => {
    await vi.advanceTimersByTimeAsync(2_100);
    // The first write takes the series; the next slice of the same records has nothing new in it.
    expect(batches.map((b) => b !== null)).toEqual([true, false]);
    batches.length = 0;
    // Progress only, sooner than the next flow sample (every 5 s): records, no series.
    answer(3_000, (id) => item(id, 3, { taskProgress: 10 }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(batches).toEqual([null]);
    batches.length = 0;
    // A flow sample is due: the series is written with that flush.
    answer(7_000, (id) => item(id, 3, { taskProgress: 20 }));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(batches[0]?.series.flow.length).toBeGreaterThan(0);
  });

  it('writes the log again, each task once, when it holds more than twice the records (and the floor beyond one a task)', async () => {
    tuneTaskHistoryForTests({ compactAfter: 100 });
    await vi.advanceTimersByTimeAsync(2_100);
    // 300 records written, one a task; 300 more beyond them passes the floor and the 300: progress news, 20 a flush.
    for (let t = 3_000; compactions.length === 0 && t < 200_000; t += 2_000) {
      answer(t, (id) => item(id, 3, { taskProgress: t / 1_000 }));
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(compactions).toHaveLength(1);
    expect(new Set(compactions[0])).toEqual(new Set(ids));
    expect(written().length).toBeGreaterThan(600);
    // Counted afresh from the rewrite: not again at the next flush.
    const after = written().length;
    answer(300_000, (id) => item(id, 3, { taskProgress: 99 }));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(written().length).toBeGreaterThan(after);
    expect(compactions).toHaveLength(1);
  });
});
