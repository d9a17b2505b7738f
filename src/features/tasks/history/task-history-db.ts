import { unwrap, type DBSchema, type IDBPObjectStore } from 'idb';
import { lazyDatabase } from '@/lib/tab-synced-db';
import { countWork, measureSince } from './measure-cost';
import { fromStored, toStored, type StoredRecord, type TaskRecord } from './task-record';
import type { BatchSeries } from './batch-series';
import type { Transition } from '../task';

const DB_NAME = 'console.tasks.history';

/** Batch-level history of one connection: the flow and throughput samples and the change feed. */
export type StoredBatch = { scope: string; series: BatchSeries; feed: Transition[] };
/** A task's record as versions 1 and 2 stored it, one per task: in this console's shape, or an earlier one's (task-record.ts reads both). */
type StoredTask = StoredRecord & { scope: string };
/**
 * One write of a connection's task records (version 3): the records it put, then the task IDs it forgot. Replayed in
 * `seq` order, the last word on a task wins (see loadHistory); compactHistory writes them all again and drops the rest.
 */
type LogEntry = { scope: string; seq?: number; records: StoredRecord[]; gone: string[] };

interface TaskHistoryDb extends DBSchema {
  // Versions 1 and 2, keyed by [connection scope, task ID]: read, then emptied by the scope's first compaction.
  tasks: { key: [string, string]; value: StoredTask; indexes: { scope: string } };
  // Keyed by a number IndexedDB counts up, read by [scope, seq]: one scope's writes in the order they were made.
  log: { key: number; value: LogEntry; indexes: { scopeSeq: [string, number] } };
  batches: { key: string; value: StoredBatch };
}

/**
 * Version 3: a connection's task records are written as a log, a few hundred records a value (a put of each record
 * alone cost ~30 µs in Chromium, most of it the put itself, not the clone: docs/performance/issue-38-speed-at-scale.md).
 * Version 2: records' changes and samples are flat arrays of numbers, or null for a task as first seen (task-record.ts).
 * A record of an earlier version is read as it is; the new version is so a tab of the earlier console steps aside
 * (see lazyDatabase) rather than write the old shape beside the new.
 */
const db = lazyDatabase<TaskHistoryDb>(DB_NAME, 3, (d) => {
  // By name, not by the old version: a version 1 can be empty (opened by a reader before this console made its stores).
  if (!d.objectStoreNames.contains('tasks')) d.createObjectStore('tasks', { keyPath: ['scope', 'id'] }).createIndex('scope', 'scope');
  if (!d.objectStoreNames.contains('batches')) d.createObjectStore('batches', { keyPath: 'scope' });
  if (!d.objectStoreNames.contains('log'))
    d.createObjectStore('log', { keyPath: 'seq', autoIncrement: true }).createIndex('scopeSeq', ['scope', 'seq']);
});

/** Records per read of the version 2 store: each answer is deserialized in one task on the main thread, so 100,000 at once would be a long one. */
const READ_CHUNK = 2_000;
/** Records per log entry at most, and entries per read (so a read deserializes at most READ_CHUNK records, as above). */
const RECORDS_PER_ENTRY = 500;
const ENTRIES_PER_READ = READ_CHUNK / RECORDS_PER_ENTRY;
/** Every seq of a scope lies between these. */
const scopeLog = (scope: string, below = Infinity) => IDBKeyRange.bound([scope, -Infinity], [scope, below], false, below !== Infinity);

/** What loadHistory hands over: each record as read (a later one for the same task replaces it), and each task forgotten. */
export type HistoryReader = { take(record: TaskRecord): void; drop(id: string): void };

export type LoadedHistory = {
  /** The records, when no reader was given (with one, none: they went to it). */
  records: TaskRecord[];
  batch: StoredBatch | undefined;
  /** Records and forgotten IDs the scope's log holds, and whether version 2 still holds any of its records. */
  logged: number;
  legacy: boolean;
};

/**
 * The stored history of a connection, read in chunks so no one task deserializes it all: the version 2 records first,
 * then the log's entries in the order they were written. `reader`: given each record as its chunk is read (then none is
 * returned), so no one task takes 100,000 of them either.
 */
export async function loadHistory(scope: string, reader?: HistoryReader): Promise<LoadedHistory> {
  const kept = new Map<string, TaskRecord>();
  const { take, drop } = reader ?? { take: (r: TaskRecord) => void kept.set(r.id, r), drop: (id: string) => void kept.delete(id) };
  const d = await db();
  const tx = d.transaction(['tasks', 'log', 'batches'], 'readonly');
  const batchRead = tx.objectStore('batches').get(scope);
  const legacy = await readLegacy(tx.objectStore('tasks'), scope, take);
  const log = tx.objectStore('log').index('scopeSeq');
  let logged = 0;
  let range = scopeLog(scope);
  for (;;) {
    // Each read is asked for from the last one's answer, so the transaction stays open.
    const entries = await log.getAll(range, ENTRIES_PER_READ);
    for (const entry of entries) {
      for (const stored of entry.records) {
        const record = fromStored(stored);
        // An unreadable record is the task's last word: it has no history shown, not an older one.
        if (record) take(record);
        else drop(stored.id);
      }
      for (const id of entry.gone) drop(id);
      logged += entry.records.length + entry.gone.length;
    }
    const last = entries.at(-1);
    if (entries.length < ENTRIES_PER_READ || last?.seq === undefined) break;
    range = IDBKeyRange.bound([scope, last.seq], [scope, Infinity], true);
  }
  return { records: [...kept.values()], batch: await batchRead, logged, legacy };
}

/** The scope's version 2 records, a chunk at a time by primary key ([scope, id]); true if there were any. */
async function readLegacy(
  tasks: IDBPObjectStore<TaskHistoryDb, ('tasks' | 'log' | 'batches')[], 'tasks'>,
  scope: string,
  take: (record: TaskRecord) => void,
): Promise<boolean> {
  let any = false;
  // An array sorts after every string, so [scope, []] bounds every task ID of this scope.
  let range = IDBKeyRange.bound([scope, ''], [scope, []]);
  for (;;) {
    const chunk = await tasks.getAll(range, READ_CHUNK);
    for (const { scope: _scope, ...stored } of chunk) {
      any = true;
      const record = fromStored(stored);
      if (record) take(record);
    }
    const last = chunk.at(-1);
    if (chunk.length < READ_CHUNK || !last) return any;
    range = IDBKeyRange.bound([scope, last.id], [scope, []], true);
  }
}

/** `records` as log entries of RECORDS_PER_ENTRY at most, put on the log of `tx` (straight on the store: see saveHistory). */
function putEntries(log: IDBObjectStore, scope: string, records: readonly TaskRecord[]): void {
  for (let i = 0; i < records.length; i += RECORDS_PER_ENTRY) {
    const entry: LogEntry = { scope, records: records.slice(i, i + RECORDS_PER_ENTRY).map(toStored), gone: [] };
    log.put(entry);
  }
}

/** One transaction per flush: the records that changed since the last one, and the batch series when it changed (else null). */
export async function saveHistory(scope: string, records: readonly TaskRecord[], batch: StoredBatch | null): Promise<void> {
  const tx = (await db()).transaction(['log', 'batches'], 'readwrite');
  // The puts clone their values on the main thread: that part is measured, the commit is not.
  // Straight on the IndexedDB store: idb's promise and listeners per put cost as much as the clone.
  // A failed put aborts the transaction, so tx.done still reports it.
  const start = performance.now();
  if (records.length > 0) putEntries(unwrap(tx.objectStore('log')), scope, records);
  const put = batch ? tx.objectStore('batches').put(batch) : undefined;
  // Nothing more will be asked of it: committed now, not when the page next runs (a page being closed may not).
  tx.commit();
  measureSince('overview: write', start);
  countWork('overview: written count', records.length);
  await Promise.all([put, tx.done]);
}

/** Forgets the tasks' records: an entry that says so, read after every earlier one. */
export async function deleteRecords(scope: string, ids: readonly string[]): Promise<void> {
  const tx = (await db()).transaction('log', 'readwrite');
  const entry: LogEntry = { scope, records: [], gone: [...ids] };
  await Promise.all([tx.store.put(entry), tx.done]);
}

/**
 * Writes the scope's records again, `perWrite` at a time with `pause()` between writes, then drops every entry written
 * before them and the scope's version 2 records: the log then holds each task once. Writes made meanwhile come after the
 * first of these in the log, so they are kept and still have the last word. Interrupted (the page closed), the log
 * reads the same: the records written again are the newest as of their write.
 */
export async function compactHistory(
  scope: string,
  ids: readonly string[],
  recordOf: (id: string) => TaskRecord | undefined,
  pause: () => Promise<void>,
  perWrite = READ_CHUNK,
): Promise<void> {
  let marker: IDBValidKey | undefined;
  for (let i = 0; i === 0 || i < ids.length; i += perWrite) {
    const tx = (await db()).transaction('log', 'readwrite');
    const log = unwrap(tx.store);
    // An empty entry first: everything before its seq is written again below, or was forgotten.
    if (i === 0)
      log.put({ scope, records: [], gone: [] } satisfies LogEntry).onsuccess = (e) =>
        (marker = (e.target as IDBRequest).result as IDBValidKey);
    const start = performance.now();
    putEntries(
      log,
      scope,
      ids.slice(i, i + perWrite).flatMap((id) => recordOf(id) ?? []),
    );
    tx.commit();
    measureSince('overview: compact', start);
    await tx.done;
    if (i + perWrite < ids.length) await pause();
  }
  if (typeof marker !== 'number') return;
  const tx = (await db()).transaction(['log', 'tasks'], 'readwrite');
  const log = tx.objectStore('log');
  const older = await log.index('scopeSeq').getAllKeys(scopeLog(scope, marker));
  await Promise.all([
    ...older.map((key) => log.delete(key)),
    tx.objectStore('tasks').delete(IDBKeyRange.bound([scope, ''], [scope, []])),
    tx.done,
  ]);
}
