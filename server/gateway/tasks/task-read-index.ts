import type { TaskRecord } from './task-record';
import { settledAt } from './task-status-at';
import { BoundedMap } from '../bounded-map';

/**
 * A task as reads see it: the record, when its state stops changing, and room for the status
 * route's last answer fragment (status-answer.ts), so a settled task's item is written once.
 */
export type IndexedTask = {
  readonly record: TaskRecord;
  readonly settlesAt: number;
  /** The item JSON last written for this task, and what it was written for. */
  item?: { json: string; settled: boolean; updateTime: number; taskStatus: number; taskProgress: number; origin: string | undefined };
};

/**
 * Tasks read recently, by ID, in memory: SQLite stays the store (every write commits there first,
 * and a miss reads from it), this only spares the status route a query per request. A task's
 * record never changes (but for the emulator's end control, which deletes and re-adds it), so an
 * entry is only ever added (after its commit) or dropped (when its row is deleted or moved); the
 * bound drops the entries added longest ago, which are read again on demand.
 */
export class TaskReadIndex {
  private readonly tasks: BoundedMap<string, IndexedTask>;

  constructor(readonly capacity: number) {
    this.tasks = new BoundedMap(capacity);
  }
  get size(): number {
    return this.tasks.size;
  }

  get(taskId: string): IndexedTask | undefined {
    return this.tasks.get(taskId);
  }

  /** Index a record read from or just committed to the store; a task already indexed keeps its entry (records never change). */
  add(record: TaskRecord): IndexedTask {
    const known = this.tasks.get(record.taskId);
    if (known !== undefined) return known;
    const entry: IndexedTask = { record, settlesAt: settledAt(record) };
    this.tasks.set(record.taskId, entry);
    return entry;
  }

  delete(taskId: string): void {
    this.tasks.delete(taskId);
  }
}
