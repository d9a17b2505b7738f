import { unwrap, type DBSchema } from 'idb';
import { lazyDatabase } from '@/lib/tab-synced-db';
import { countWork, measureSince } from './measure-cost';
import { fromStored, type StoredRecord, type TaskRecord } from './task-record';
import type { BatchSeries } from './batch-series';
import type { Transition } from '../task';

const DB_NAME = 'console.tasks.history';

/** Batch-level history of one connection: the flow and throughput samples and the change feed. */
export type StoredBatch = { scope: string; series: BatchSeries; feed: Transition[] };
/** A task's record as stored: in this console's shape, or an earlier one's (task-record.ts reads both). */
type StoredTask = StoredRecord & { scope: string };

interface TaskHistoryDb extends DBSchema {
  // Keyed by [connection scope, task ID]: two profiles watching one ID keep separate histories.
  tasks: { key: [string, string]; value: StoredTask; indexes: { scope: string } };
  batches: { key: string; value: StoredBatch };
}

/**
 * Version 2: records' changes and samples are flat arrays of numbers, or null for a task as first seen
 * (task-record.ts). The stores are as they were, and a record of version 1 is read as it is: the new version is so a
 * tab of the earlier console steps aside (see lazyDatabase) rather than write the old shape beside the new.
 */
const db = lazyDatabase<TaskHistoryDb>(DB_NAME, 2, (d) => {
  // By name, not by the old version: a version 1 can be empty (opened by a reader before this console made its stores).
  if (!d.objectStoreNames.contains('tasks')) d.createObjectStore('tasks', { keyPath: ['scope', 'id'] }).createIndex('scope', 'scope');
  if (!d.objectStoreNames.contains('batches')) d.createObjectStore('batches', { keyPath: 'scope' });
});

/** Records per read: each answer is deserialized in one task on the main thread, so 100,000 at once would be a long one. */
const READ_CHUNK = 2_000;

/**
 * The stored history of a connection, read in chunks by primary key ([scope, id]) so no one task deserializes it all.
 * `take`: given each record as its chunk is read (then none is returned), so no one task takes 100,000 of them either.
 */
export async function loadHistory(
  scope: string,
  take?: (record: TaskRecord) => void,
): Promise<{ records: TaskRecord[]; batch: StoredBatch | undefined }> {
  const d = await db();
  const tx = d.transaction(['tasks', 'batches'], 'readonly');
  const tasks = tx.objectStore('tasks');
  const batchRead = tx.objectStore('batches').get(scope);
  const records: TaskRecord[] = [];
  // An array sorts after every string, so [scope, []] bounds every task ID of this scope.
  let range = IDBKeyRange.bound([scope, ''], [scope, []]);
  for (;;) {
    // Each read is asked for from the last one's answer, so the transaction stays open.
    const chunk = await tasks.getAll(range, READ_CHUNK);
    for (const { scope: _scope, ...stored } of chunk) {
      const record = fromStored(stored);
      if (!record) continue;
      if (take) take(record);
      else records.push(record);
    }
    const last = chunk.at(-1);
    if (chunk.length < READ_CHUNK || !last) break;
    range = IDBKeyRange.bound([scope, last.id], [scope, []], true);
  }
  return { records, batch: await batchRead };
}

/** One transaction per flush: the records that changed since the last one, and the batch series when it changed (else null). */
export async function saveHistory(scope: string, records: readonly TaskRecord[], batch: StoredBatch | null): Promise<void> {
  const tx = (await db()).transaction(['tasks', 'batches'], 'readwrite');
  const tasks = tx.objectStore('tasks');
  // The puts clone their values on the main thread: that part is measured, the commit is not.
  // Straight on the IndexedDB store: idb's promise and listeners per put cost as much as the clone.
  // A failed put aborts the transaction, so tx.done still reports it.
  const start = performance.now();
  const raw = unwrap(tasks);
  for (const r of records) raw.put({ ...r, scope });
  const put = batch ? tx.objectStore('batches').put(batch) : undefined;
  // Nothing more will be asked of it: committed now, not when the page next runs (a page being closed may not).
  tx.commit();
  measureSince('overview: write', start);
  countWork('overview: written count', records.length);
  await Promise.all([put, tx.done]);
}

export async function deleteRecords(scope: string, ids: readonly string[]): Promise<void> {
  const tx = (await db()).transaction('tasks', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete([scope, id])), tx.done]);
}
