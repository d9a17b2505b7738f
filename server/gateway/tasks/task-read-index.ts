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
  /**
   * The entries in the order added, as a ring: the slot about to be reused holds the oldest. (A
   * Map's own order is no help here: after many deletes from its front, V8 walks every deleted
   * slot to find the first live key, which made a million adds take minutes.)
   */
  private readonly order: (IndexedTask | undefined)[];
  private next = 0;

  constructor(readonly capacity: number) {
    this.order = new Array<IndexedTask | undefined>(Math.max(0, capacity));
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
    if (this.capacity <= 0) return entry;
    const oldest = this.order[this.next];
    // Only if that slot's entry is still the indexed one (not deleted, nor added again since).
    if (oldest !== undefined && this.tasks.get(oldest.record.taskId) === oldest) this.tasks.delete(oldest.record.taskId);
    this.order[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.tasks.set(record.taskId, entry);
    return entry;
  }

  delete(taskId: string): void {
    this.tasks.delete(taskId);
  }
}
