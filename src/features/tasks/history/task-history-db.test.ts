import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { item, snap } from '../testing/snapshots';
import { compactHistory, deleteRecords, loadHistory, saveHistory } from './task-history-db';
import { observeTask } from './task-history';
import { statusChanges } from './task-record';

const ID = 'Service_AI_db';

/** Puts a stored task record as it is, past the console's own writing (the console opens, and so makes, its stores first). */
async function storeAsIs(value: Record<string, unknown>) {
  await loadHistory('');
  const d = await openDB('console.tasks.history', 3);
  await d.put('tasks', value);
  d.close();
}
const snapshot = snap(item(ID, 3, { taskProgress: 10 }), 2_000);

describe('the task history in IndexedDB', () => {
  it('gives back a record as it was written, its changes and samples flat', async () => {
    const record = observeTask(observeTask(undefined, ID, snap(item(ID, 2), 1_000)), ID, snapshot);
    await saveHistory('scope-a', [record], null);
    const { records } = await loadHistory('scope-a');
    expect(records).toEqual([record]);
  });

  it('gives back a running task’s progress marks as they were (stored flat)', async () => {
    const marks = [
      { progress: 5, after: 1_000, seenAt: 1_500 },
      { progress: 10, after: 1_500, seenAt: 2_000 },
    ];
    const record = observeTask(undefined, ID, { ...snapshot, progressMarks: marks });
    await saveHistory('scope-marks', [record], null);
    const { records } = await loadHistory('scope-marks');
    expect(records).toEqual([record]);
    expect(records[0]!.snapshot.progressMarks).toEqual(marks);
  });

  it('gives back a task seen once with no arrays (its change and sample are its snapshot’s)', async () => {
    const record = observeTask(undefined, ID, snapshot);
    await saveHistory('scope-once', [record], null);
    const { records } = await loadHistory('scope-once');
    expect(records).toEqual([{ ...record, changes: null, samples: null }]);
    expect(statusChanges(records[0]!)).toEqual([{ at: snapshot.changedAt, status: 3, progress: 10 }]);
  });

  it('reads a record an earlier console stored (version 1: a change object and a sample pair each)', async () => {
    await storeAsIs({
      scope: 'scope-b',
      id: ID,
      firstSeen: 1_000,
      changes: [
        { at: 1_000, status: 2, progress: 0 },
        { at: 2_000, status: 3, progress: 10 },
      ],
      samples: [[2_000, 10]],
      snapshot,
    });
    const { records } = await loadHistory('scope-b');
    expect(records).toHaveLength(1);
    expect(records[0]!.changes).toEqual([1_000, 2, 0, 2_000, 3, 10]);
    expect(records[0]!.samples).toEqual([2_000, 10]);
    expect(statusChanges(records[0]!).map((c) => c.status)).toEqual([2, 3]);
  });

  it('hands each record over as its chunk is read when asked to, returning none', async () => {
    const ids = Array.from({ length: 2_500 }, (_, i) => `Service_AI_db_${String(i).padStart(4, '0')}`);
    await saveHistory(
      'scope-take',
      ids.map((id) => observeTask(undefined, id, snapshot)),
      null,
    );
    const taken: string[] = [];
    const { records } = await loadHistory('scope-take', { take: (r) => void taken.push(r.id), drop: () => undefined });
    expect(records).toEqual([]);
    expect(taken).toEqual(ids);
  });

  it('leaves out a record it cannot read, and reads the rest', async () => {
    await storeAsIs({ scope: 'scope-c', id: 'Service_AI_odd', firstSeen: 1, changes: 'garbled', samples: [], snapshot });
    const good = observeTask(undefined, ID, snapshot);
    await saveHistory('scope-c', [good], null);
    const { records } = await loadHistory('scope-c');
    expect(records.map((r) => r.id)).toEqual([ID]);
  });

  it('gives back the last record written for a task, and none for a task forgotten since', async () => {
    const first = observeTask(undefined, ID, snap(item(ID, 2), 1_000));
    const later = observeTask(first, ID, snapshot);
    const other = observeTask(undefined, 'Service_AI_other', snapshot);
    await saveHistory('scope-log', [first, other], null);
    await saveHistory('scope-log', [later], null);
    await deleteRecords('scope-log', ['Service_AI_other']);
    const { records, logged } = await loadHistory('scope-log');
    expect(records).toEqual([later]);
    expect(logged).toBe(4);
  });

  it('writes a long list a few hundred records a value, so a flush is a few puts', async () => {
    const ids = Array.from({ length: 1_200 }, (_, i) => `Service_AI_put_${i}`);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await saveHistory(
      'scope-puts',
      ids.map((id) => observeTask(undefined, id, snapshot)),
      null,
    );
    expect(put).toHaveBeenCalledTimes(3);
    put.mockRestore();
    expect((await loadHistory('scope-puts')).records).toHaveLength(1_200);
  });

  it('compacts the log to each task once, keeping what was written meanwhile and dropping the earlier store', async () => {
    await storeAsIs({ scope: 'scope-cmp', id: 'Service_AI_v2', firstSeen: null, changes: null, samples: null, snapshot });
    const ids = Array.from({ length: 5 }, (_, i) => `Service_AI_cmp_${i}`);
    const firsts = ids.map((id) => observeTask(undefined, id, snap(item(id, 2), 1_000)));
    const lasts = firsts.map((r) => observeTask(r, r.id, snap(item(r.id, 3, { taskProgress: 10 }), 2_000)));
    await saveHistory('scope-cmp', firsts, null);
    await saveHistory('scope-cmp', lasts, null);
    await saveHistory('scope-other', firsts, null);
    const before = await loadHistory('scope-cmp');
    expect(before.legacy).toBe(true);
    expect(before.logged).toBe(10);
    // A write between the rewrite's slices (a task that changed meanwhile) has the last word after it.
    const meanwhile = observeTask(lasts[0]!, ids[0]!, snap(item(ids[0]!, 4, { taskProgress: 100 }), 3_000));
    let pauses = 0;
    const byId = new Map(lasts.map((r) => [r.id, r]));
    await compactHistory(
      'scope-cmp',
      ids,
      (id) => byId.get(id),
      async () => {
        if (pauses++ === 0) await saveHistory('scope-cmp', [meanwhile], null);
      },
      2,
    );
    expect(pauses).toBe(2);
    const after = await loadHistory('scope-cmp');
    expect(after.legacy).toBe(false);
    expect(after.logged).toBe(6);
    expect(new Map(after.records.map((r) => [r.id, r]))).toEqual(
      new Map([[ids[0]!, meanwhile], ...lasts.slice(1).map((r) => [r.id, r] as const)]),
    );
    // Another connection's log is its own.
    expect((await loadHistory('scope-other')).records).toEqual(firsts);
  });
});
