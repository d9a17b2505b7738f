import type { TaskRecord } from './task-record';
import { settledAt } from './task-status-at';

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
 * record never changes, so an entry is only ever added (after its commit) or dropped (when its
 * row is deleted); the bound drops the entries added longest ago, which are read again on demand.
 */
export class TaskReadIndex {
  private readonly tasks = new Map<string, IndexedTask>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.tasks.size;
  }

  get(taskId: string): IndexedTask | undefined {
    return this.tasks.get(taskId);
  }

  add(record: TaskRecord): IndexedTask {
    const entry: IndexedTask = { record, settlesAt: settledAt(record) };
    if (this.capacity <= 0) return entry;
    if (!this.tasks.has(record.taskId) && this.tasks.size >= this.capacity) {
      const oldest = this.tasks.keys().next();
      if (!oldest.done) this.tasks.delete(oldest.value);
    }
    this.tasks.set(record.taskId, entry);
    return entry;
  }

  delete(taskId: string): void {
    this.tasks.delete(taskId);
  }
}
