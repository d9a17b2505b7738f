import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { item } from '../testing/snapshots';
import { flowCounts } from './batch-series';
import { mergeBoard } from '../status-worker/merge-board';
import { EMPTY_BOARD } from '../task/task-snapshot';
import { progressSamples, statusChanges, type TaskRecord } from './task-record';
import {
  historyScope,
  resetTaskHistoryForTests,
  startTaskHistory,
  taskHistoryStore,
  tuneTaskHistoryForTests,
} from './task-history-recorder';
import { watchListStore } from '../watch-list/watch-list-store';
import { POLL_KEY as key, recordFirstAnswers } from '../testing/history-recording';

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
    let board = await recordFirstAnswers(client, ids);
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
    expect(statusChanges(record).map((c) => c.status)).toEqual([2, 3, 4]);
    expect(progressSamples(record).map(([, p]) => p)).toEqual([0, 10, 20, 30, 40, 100]);
    const ended = view.series.perMinute.reduce((n, b) => n + b.finished + b.failed, 0);
    expect(ended).toBe(40);
  });

  const many = Array.from({ length: 3_000 }, (_, i) => `Service_AI_${i}`);
  type Tuning = { syncRecords: number; sliceMs: number };

  /**
   * A first cycle of `many`, all Queued, recorded with this tuning: its board once the history has loaded. `asThePoller`:
   * no structural sharing, as the poller's query, so a later board keeps its delta from this one.
   */
  async function firstCycle(tuning: Tuning, asThePoller = false) {
    client = new QueryClient();
    if (asThePoller) client.setQueryDefaults(key, { structuralSharing: false });
    tuneTaskHistoryForTests(tuning);
    return recordFirstAnswers(client, many, 30);
  }

  /** The records once `done` says all are in; the recorder is reset for the next run. */
  async function recordsWhen(done: (records: ReadonlyMap<string, TaskRecord>) => boolean) {
    while (!done(taskHistoryStore.get().records)) await nextPublish();
    const { records } = taskHistoryStore.get();
    resetTaskHistoryForTests(client);
    return records;
  }

  /**
   * `run` with every task recorded at once, then in slices: the same records either way, and the records made in the
   * task that set the board being watched (`atOnce`) all of them at once and none sliced. The sliced run's records.
   */
  async function atOnceAndSliced(run: (tuning: Tuning) => Promise<{ atOnce: number; records: ReadonlyMap<string, TaskRecord> }>) {
    const inOneGo = await run({ syncRecords: Infinity, sliceMs: 0 });
    const sliced = await run({ syncRecords: 1_000, sliceMs: 0 });
    expect(inOneGo.atOnce).toBe(many.length);
    expect(sliced.atOnce).toBe(0);
    expect(sliced.records).toEqual(inOneGo.records);
    return sliced.records;
  }

  it('records a first pass over many tasks in slices after the cycle, with the same records as a pass in one go', async () => {
    /** Two cycles, the second set while the first one's pass may still be under way; the records once all are in. */
    async function run(tuning: Tuning) {
      const first = await firstCycle(tuning);
      const recordedAtOnce = taskHistoryStore.get().records.size;
      const answers = many.map((id, i) => (i % 2 ? item(id, 2) : item(id, 3, { taskProgress: 50 })));
      client.setQueryData(key, mergeBoard(first, many, answers, 7_000, 30));
      // The second cycle is a full pass too here (setQueryData's structural sharing hides the board's delta): wait for its last task.
      const records = await recordsWhen((r) => r.get(many.at(-1)!)?.snapshot.checkedAt === 7_000);
      return { atOnce: recordedAtOnce, records };
    }
    // Sliced, the pass starts in a task of its own: the cycle's own task recorded none of it.
    const records = await atOnceAndSliced(run);
    expect(statusChanges(records.get('Service_AI_0')!).map((c) => c.status)).toEqual([2, 3]);
  });

  it('queues a board that arrives during a sliced pass behind it, instead of finishing the pass in that board’s task', async () => {
    const batch = many.slice(0, 100);
    /** A first cycle's full board, then one answer of 100 IDs (a step from it) while its pass may be under way. */
    async function run(tuning: Tuning) {
      const first = await firstCycle(tuning, true);
      const answers = batch.map((id) => item(id, 3, { taskProgress: 40 }));
      client.setQueryData(key, mergeBoard(first, batch, answers, 7_000, 30));
      const recordedInTheAnswersTask = taskHistoryStore.get().records.size;
      // Every task recorded, the answer's last one from the answer.
      const records = await recordsWhen((r) => r.size === many.length && r.get(batch.at(-1)!)?.snapshot.checkedAt === 7_000);
      return { atOnce: recordedInTheAnswersTask, records };
    }
    // Sliced, the answer's task records none (before, its board finished the whole pass there: 3,000 records at once).
    const records = await atOnceAndSliced(run);
    expect(statusChanges(records.get(batch[0]!)!).map((c) => c.status)).toEqual([2, 3]);
    expect(statusChanges(records.get(many.at(-1)!)!).map((c) => c.status)).toEqual([2]);
  });

  it('records in a sliced pass only the tasks still on the watch list (a board may hold answers for IDs removed meanwhile)', async () => {
    const watched = many.filter((_, i) => i % 3 !== 0);
    client = new QueryClient();
    watchListStore.set({ scope: 'test', ids: watched, loaded: true });
    tuneTaskHistoryForTests({ syncRecords: 1_000, sliceMs: 0 });
    const published = nextPublish();
    startTaskHistory(client);
    client.setQueryData(
      key,
      mergeBoard(
        EMPTY_BOARD,
        many,
        many.map((id) => item(id, 3)),
        1_000,
        30,
      ),
    );
    await published;
    while (taskHistoryStore.get().records.size < watched.length) await nextPublish();
    const { records } = taskHistoryStore.get();
    expect(records.size).toBe(watched.length);
    expect(records.has('Service_AI_0')).toBe(false);
    expect(records.has('Service_AI_1')).toBe(true);
  });
});
