import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { item, snap } from '../testing/snapshots';
import { loadHistory, saveHistory } from './task-history-db';
import { observeTask } from './task-history';
import { statusChanges } from './task-record';

const ID = 'Service_AI_db';

/** Puts a stored task record as it is, past the console's own writing (the console opens, and so makes, its stores first). */
async function storeAsIs(value: Record<string, unknown>) {
  await loadHistory('');
  const d = await openDB('console.tasks.history', 2);
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
    const { records } = await loadHistory('scope-take', (r) => taken.push(r.id));
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
});
