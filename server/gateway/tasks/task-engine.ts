import { DEFAULT_TASK_DURATION_MS, type TaskOutcome, type TaskRecord } from './task-record';
import { newSeed, newTaskId } from './task-id';
import { taskStateAt, type TaskState } from './task-status-at';
import { TaskStore } from './task-store';

export type CreateTasksInput = { count: number; durationMs?: number; outcome?: TaskOutcome };
export type Clock = () => number;

/**
 * Text removal tasks of the embedded gateway. Records live in a Map (O(1) per queried ID) and
 * in an append-only file; a task's state is computed from its record and the clock on demand.
 */
export class TaskEngine {
  private constructor(
    private readonly store: TaskStore,
    private readonly records: Map<string, TaskRecord>,
    readonly now: Clock,
  ) {}

  static async open(dataDir: string, now: Clock = Date.now): Promise<TaskEngine> {
    const { store, records } = await TaskStore.open(dataDir);
    return new TaskEngine(store, new Map(records.map((r) => [r.taskId, r])), now);
  }

  get size(): number {
    return this.records.size;
  }

  /** Create tasks owned by userId; resolves once they are on disk. */
  async create(userId: string, input: CreateTasksInput): Promise<string[]> {
    const createdAt = Math.floor(this.now());
    const batch: TaskRecord[] = [];
    for (let i = 0; i < input.count; i++) {
      batch.push({
        taskId: newTaskId(createdAt),
        userId,
        createdAt,
        durationMs: input.durationMs ?? DEFAULT_TASK_DURATION_MS,
        outcome: input.outcome ?? 'mixed',
        seed: newSeed(),
      });
    }
    await this.store.append(batch);
    for (const r of batch) this.records.set(r.taskId, r);
    return batch.map((r) => r.taskId);
  }

  /** The record, only when the task exists and belongs to userId (a foreign task reads as unknown). */
  find(userId: string, taskId: string): TaskRecord | undefined {
    const record = this.records.get(taskId);
    return record && record.userId === userId ? record : undefined;
  }

  stateOf(userId: string, taskId: string, nowMs: number = this.now()): TaskState | undefined {
    const record = this.find(userId, taskId);
    return record && taskStateAt(record, nowMs);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
