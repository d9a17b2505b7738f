import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { openDB } from 'idb';
import { item } from '../testing/snapshots';
import { mergeBoard } from '../status-worker/merge-board';
import { POLL_KEY, recordFirstAnswers } from '../testing/history-recording';
import { loadHistory } from './task-history-db';
import { resetTaskHistoryForTests, taskHistoryStore, tuneTaskHistoryForTests } from './task-history-recorder';
import { watchListStore } from '../watch-list/watch-list-store';

// The recorder and its IndexedDB log together (fake-indexeddb): what a reopened page would read after the log was
// written again. Only the clock's timers are faked; fake-indexeddb runs on setImmediate.
const scope = '["/api","42"]';
const ids = Array.from({ length: 40 }, (_, i) => `Service_AI_log_${i}`);
let client: QueryClient;

/** Real turns of the event loop until `done` (IndexedDB's answers come on setImmediate). */
async function until(done: () => Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await done()) return;
    await new Promise((r) => setImmediate(r));
  }
  expect(await done()).toBe(true);
}

/** The scope's log as stored: each entry's record count, oldest first. */
async function entries(): Promise<number[]> {
  const d = await openDB('console.tasks.history', 3);
  const all = await d.getAllFromIndex('log', 'scopeSeq', IDBKeyRange.bound([scope, -Infinity], [scope, Infinity]));
  d.close();
  return all.map((e: { records: unknown[]; gone: unknown[] }) => e.records.length + e.gone.length);
}

afterEach(() => {
  resetTaskHistoryForTests(client);
  watchListStore.set({ scope: 'test', ids: [], loaded: true });
  vi.useRealTimers();
});

describe('the task history’s log, written again', () => {
  it('holds each task once after the rewrite, and a reopened page reads every task’s last record', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    tuneTaskHistoryForTests({ compactAfter: 10 });
    client = new QueryClient();
    let board = await recordFirstAnswers(client, ids);
    // Three writes of every task (first seen, then two status changes): 120 records logged for 40 tasks, past the
    // limit (beyond one a task, more than 10 and more than the 40).
    for (const [cycle, status] of [
      [1, 2],
      [2, 3],
      [3, 4],
    ] as const) {
      board = mergeBoard(
        board,
        ids,
        ids.map((id) => item(id, status, { taskProgress: status === 4 ? 100 : 10 })),
        1_000 + cycle * 6_000,
        1,
      );
      client.setQueryData(POLL_KEY, board);
      await vi.advanceTimersByTimeAsync(2_100);
      // The third write passes the limit, and the rewrite may already be under way: waited for below.
      if (cycle < 3) await until(async () => (await entries()).reduce((a, b) => a + b, 0) === 40 * cycle);
    }
    // The rewrite: an empty marker, then every task once; everything before it dropped.
    await until(async () => (await entries()).join() === '0,40');

    const { records, logged, legacy } = await loadHistory(scope);
    expect(logged).toBe(40);
    expect(legacy).toBe(false);
    expect(new Map(records.map((r) => [r.id, r]))).toEqual(taskHistoryStore.get().records);
  });
});
