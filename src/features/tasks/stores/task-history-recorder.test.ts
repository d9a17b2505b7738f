import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { item } from '../testing/snapshots';
import { flowCounts } from '../model/batch-series';
import { mergeBoard } from '../model/merge-board';
import { EMPTY_BOARD, type TaskBoard } from '../model/task-snapshot';
import { historyScope, resetTaskHistoryForTests, startTaskHistory, taskHistoryStore } from './task-history-recorder';
import { watchListStore } from './watch-list-store';

const key = ['task-status', '/api', '42', 'watch-list'] as const;
const ids = Array.from({ length: 40 }, (_, i) => `Service_AI_${i}`);
let client: QueryClient;

/** The history is published once IndexedDB (absent in jsdom) has been tried: wait for the store to change. */
const nextPublish = () => new Promise<void>((ok) => void taskHistoryStore.subscribe(() => ok()));

afterEach(() => {
  resetTaskHistoryForTests(client);
  watchListStore.set({ scope: 'test', ids: [], loaded: true });
});

describe('historyScope', () => {
  it('reads the connection from the poller’s key only', () => {
    expect(historyScope(key)).toBe('["/api","42"]');
    expect(historyScope(['task-status', '/api', '42'])).toBeNull();
    expect(historyScope(['speech', '/api', '42', 'watch-list'])).toBeNull();
  });
});

describe('the task-history recorder', () => {
  it('records each answer the poller stores, and keeps its flow counts equal to a full recount', async () => {
    client = new QueryClient();
    watchListStore.set({ scope: 'test', ids, loaded: true });
    const published = nextPublish();
    startTaskHistory(client);
    let board: TaskBoard = mergeBoard(
      EMPTY_BOARD,
      ids,
      ids.map((id) => item(id, 2)),
      1_000,
      1,
    );
    client.setQueryData(key, board);
    await published;
    // Cycles 6 s apart (one flow sample each): tasks run, then some finish or fail.
    for (let cycle = 1; cycle <= 5; cycle++) {
      const at = 1_000 + cycle * 6_000;
      const answers = ids.map((id, i) => (i < cycle * 8 ? item(id, i % 5 === 0 ? 5 : 4) : item(id, 3, { taskProgress: cycle * 10 })));
      board = mergeBoard(board, ids, answers, at, 1);
      client.setQueryData(key, board);
    }
    const view = taskHistoryStore.get();
    expect(view.scope).toBe('["/api","42"]');
    const last = view.series.flow.at(-1)!;
    expect(last.counts).toEqual(flowCounts(ids, board.tasks));
    expect(last.counts[0]! + last.counts[1]!).toBe(40);
    const record = view.records.get('Service_AI_39')!;
    expect(record.changes.map((c) => c.status)).toEqual([2, 3, 4]);
    expect(record.samples.map(([, p]) => p)).toEqual([0, 10, 20, 30, 40, 100]);
    const ended = view.series.perMinute.reduce((n, b) => n + b.finished + b.failed, 0);
    expect(ended).toBe(40);
  });
});
