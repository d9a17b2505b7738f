import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { item } from '../testing/snapshots';
import { mergeBoard } from '../status-worker/merge-board';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';
import { statusChanges, type TaskRecord } from './task-record';
import type { StoredBatch } from './task-history-db';
import { resetTaskHistoryForTests, startTaskHistory, taskHistoryStore } from './task-history-recorder';
import { watchListStore } from '../watch-list/watch-list-store';

// IndexedDB stands in as a map that outlives a "page" (a recorder started, then reset as a closed page is).
const stored = { records: new Map<string, TaskRecord>(), batch: undefined as StoredBatch | undefined };
vi.mock('./task-history-db', () => ({
  loadHistory: () =>
    Promise.resolve({
      records: [...stored.records.values()],
      batch: stored.batch && structuredClone(stored.batch),
      logged: 0,
      legacy: false,
    }),
  saveHistory: (_scope: string, records: readonly TaskRecord[], batch: StoredBatch | null) => {
    for (const r of records) stored.records.set(r.id, structuredClone(r));
    if (batch) stored.batch = structuredClone(batch);
    return Promise.resolve();
  },
  deleteRecords: () => Promise.resolve(),
}));

const key = ['task-status', '/api', '42', 'watch-list'] as const;
const MINUTE = 60_000;
let client: QueryClient;

const ended = () => taskHistoryStore.get().series.perMinute.reduce((n, b) => n + b.finished + b.failed + b.aborted, 0);
const nextPublish = () => new Promise<void>((ok) => void taskHistoryStore.subscribe(() => ok()));

/** A page of the console: its poller's board, recorded from the start. */
async function openPage(ids: readonly string[]) {
  client = new QueryClient();
  watchListStore.set({ scope: 'test', ids, loaded: true });
  const loaded = nextPublish();
  startTaskHistory(client);
  let board: TaskBoard = EMPTY_BOARD;
  const answer = async (at: number, answers: (id: string, i: number) => ReturnType<typeof item>) => {
    board = mergeBoard(board, ids, ids.map(answers), at, 3);
    client.setQueryData(key, board);
    await Promise.resolve();
  };
  return { loaded, answer };
}

/** The page is closed: hidden first (as a browser does), then gone with whatever it had not done. */
function closePage() {
  const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
  state.mockRestore();
  resetTaskHistoryForTests(client);
}

afterEach(() => {
  resetTaskHistoryForTests(client);
  stored.records.clear();
  stored.batch = undefined;
});

describe('tasks that ended are counted in the throughput where they ended', () => {
  it('counts every task that ends in one cycle, not only the 50 the change feed holds', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `Service_AI_end_${i}`);
    const page = await openPage(ids);
    await page.answer(100 * MINUTE, (id) => item(id, 3, { taskProgress: 50 }));
    await page.loaded;
    await page.answer(100 * MINUTE + 5_000, (id) => item(id, 4, { updateTime: 100 * MINUTE + 4_000 }));
    expect(ended()).toBe(250);
    expect(taskHistoryStore.get().series.perMinute).toEqual([{ minute: 100, finished: 250, failed: 0, aborted: 0 }]);
  });

  it('counts tasks that ended while the console was closed, at the minute the gateway says, after a short visit', async () => {
    const ids = Array.from({ length: 260 }, (_, i) => `Service_AI_short_${i}`);
    // A visit of seconds: the tasks are seen running, and the page is closed before the batch timer would fire.
    const first = await openPage(ids);
    await first.answer(100 * MINUTE, (id) => item(id, 3, { taskProgress: 40, updateTime: 100 * MINUTE - 1_000 }));
    await first.loaded;
    closePage();
    expect(stored.records.size).toBe(260);
    // They end at 19:56 of this story (minute 105) while nothing watches; the console is opened again at minute 112.
    const second = await openPage(ids);
    await second.answer(112 * MINUTE, (id) => item(id, 4, { updateTime: 105 * MINUTE + 30_000 }));
    await second.loaded;
    expect(taskHistoryStore.get().series.perMinute).toEqual([{ minute: 105, finished: 260, failed: 0, aborted: 0 }]);
    // The timeline says the same.
    const record = taskHistoryStore.get().records.get(ids[0]!)!;
    expect(statusChanges(record).at(-1)).toMatchObject({ status: 4, at: 105 * MINUTE + 30_000 });
  });

  it('counts an end no earlier than the task was last seen live, nor later than it was seen ended (a gateway clock off)', async () => {
    const ids = ['Service_AI_skew_a', 'Service_AI_skew_b'];
    const page = await openPage(ids);
    await page.answer(100 * MINUTE, (id) => item(id, 3));
    await page.loaded;
    await page.answer(103 * MINUTE, (id, i) => item(id, 4, { updateTime: i === 0 ? 1_000 : 999 * MINUTE }));
    expect(taskHistoryStore.get().series.perMinute).toEqual([
      { minute: 100, finished: 1, failed: 0, aborted: 0 },
      { minute: 103, finished: 1, failed: 0, aborted: 0 },
    ]);
  });

  it('counts an end once, however often it is answered again', async () => {
    const ids = ['Service_AI_once'];
    const page = await openPage(ids);
    await page.answer(100 * MINUTE, (id) => item(id, 3));
    await page.loaded;
    await page.answer(101 * MINUTE, (id) => item(id, 5, { updateTime: 101 * MINUTE }));
    await page.answer(102 * MINUTE, (id) => item(id, 5, { updateTime: 101 * MINUTE }));
    closePage();
    const again = await openPage(ids);
    await again.answer(110 * MINUTE, (id) => item(id, 5, { updateTime: 101 * MINUTE }));
    await again.loaded;
    expect(ended()).toBe(1);
  });
});
