import { busy } from '../busy';
import { inTransaction, scalar, openGatewayDatabase, type Db, type Stmt } from '../storage/gateway-database';
import { guardStorage } from '../storage/storage-error';
import { DEFAULT_TASK_DURATION_MS, type TaskOutcome, type TaskRecord } from './task-record';
import { newSeed, newTaskId } from './task-id';
import { taskStateAt, type TaskState } from './task-status-at';

export type CreateTasksInput = { count: number; durationMs?: number; outcome?: TaskOutcome };
export type Clock = () => number;

export type TaskLimits = {
  /** Most tasks one user may hold; at the bound their oldest finished tasks make room. */
  maxPerUser: number;
  /** Most tasks stored in all; at the bound the oldest finished tasks of anyone make room. */
  maxTotal: number;
  /** Finished tasks older than this are deleted by expireFinished(). */
  retentionMs: number;
};
export const DEFAULT_TASK_LIMITS: TaskLimits = { maxPerUser: 100_000, maxTotal: 1_000_000, retentionMs: 7 * 24 * 3_600_000 };
const EXPIRY_BATCH = 5_000;

type Row = { user_id: string; created_at: number; duration_ms: number; outcome: TaskRecord['outcome']; seed: number };

/**
 * Text removal tasks of the embedded gateway, one row each in the database. A task's state is
 * computed from its row and the clock on demand, so reads are one primary-key lookup per ID and
 * opening the store costs the same at 0 and at a million tasks.
 */
export class TaskEngine {
  private readonly byId: Stmt;
  private readonly byIds: Stmt;
  private readonly countOf: Stmt;
  private readonly insert: Stmt;
  private readonly dropOldestOfUser: Stmt;
  private readonly dropOldest: Stmt;
  private readonly dropExpired: Stmt;

  constructor(
    private readonly db: Db,
    readonly now: Clock = Date.now,
    readonly limits: TaskLimits = DEFAULT_TASK_LIMITS,
    private readonly onClose: () => void = () => undefined,
  ) {
    this.byId = db.prepare('SELECT user_id, created_at, duration_ms, outcome, seed FROM tasks WHERE task_id = ?');
    // One statement for a whole status request (up to 100 IDs) instead of one call per ID.
    this.byIds = db
      .prepare(
        'SELECT task_id, user_id, created_at, duration_ms, outcome, seed FROM tasks WHERE task_id IN (SELECT value FROM json_each(?))',
      )
      .raw(true);
    this.countOf = db.prepare('SELECT n FROM task_counts WHERE user_id = ?');
    this.insert = db.prepare(
      'INSERT INTO tasks (task_id, user_id, created_at, duration_ms, ends_at, outcome, seed) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.dropOldestOfUser = db.prepare(
      'DELETE FROM tasks WHERE task_id IN (SELECT task_id FROM tasks WHERE user_id = ? AND ends_at <= ? ORDER BY ends_at LIMIT ?)',
    );
    this.dropOldest = db.prepare(
      'DELETE FROM tasks WHERE task_id IN (SELECT task_id FROM tasks WHERE ends_at <= ? ORDER BY ends_at LIMIT ?)',
    );
    this.dropExpired = db.prepare('DELETE FROM tasks WHERE task_id IN (SELECT task_id FROM tasks WHERE ends_at < ? LIMIT ?)');
  }

  /** A store of its own on dataDir (tests and tools); the server shares one database (create-gateway-deps). */
  static async open(dataDir: string, now: Clock = Date.now, limits: TaskLimits = DEFAULT_TASK_LIMITS): Promise<TaskEngine> {
    const database = await openGatewayDatabase(dataDir);
    return new TaskEngine(database.db, now, limits, () => database.close());
  }

  get size(): number {
    return this.count('*');
  }

  private count(key: string): number {
    return Number(scalar(this.countOf, key) ?? 0);
  }

  /** Create tasks owned by userId; resolves once they are committed (one transaction per call). */
  async create(userId: string, input: CreateTasksInput): Promise<string[]> {
    const createdAt = Math.floor(this.now());
    const durationMs = input.durationMs ?? DEFAULT_TASK_DURATION_MS;
    const outcome = input.outcome ?? 'mixed';
    const ids = Array.from({ length: input.count }, () => newTaskId(createdAt));
    guardStorage('the new tasks', () =>
      inTransaction(this.db, () => {
        this.makeRoom(userId, input.count, createdAt);
        for (const id of ids) this.insert.run(id, userId, createdAt, durationMs, createdAt + durationMs, outcome, newSeed());
      }),
    );
    return ids;
  }

  /** Inside the creating transaction: drop the oldest finished tasks the bounds require, or refuse. */
  private makeRoom(userId: string, adding: number, nowMs: number): void {
    const { maxPerUser, maxTotal } = this.limits;
    if (adding > maxPerUser || adding > maxTotal) throw busy(`at most ${Math.min(maxPerUser, maxTotal)} tasks can be stored`);
    const overUser = this.count(userId) + adding - maxPerUser;
    if (overUser > 0 && this.dropOldestOfUser.run(userId, nowMs, overUser).changes < overUser) {
      throw busy(`user ${userId} already has ${maxPerUser} unfinished tasks (TASKS_MAX_PER_USER); try again when some have finished`);
    }
    const overTotal = this.count('*') + adding - maxTotal;
    if (overTotal > 0 && this.dropOldest.run(nowMs, overTotal).changes < overTotal) {
      throw busy(`the emulator already holds ${maxTotal} unfinished tasks (TASKS_MAX_TOTAL); try again when some have finished`);
    }
  }

  /** Delete finished tasks older than the retention, a batch per transaction; how many went. */
  expireFinished(nowMs: number = this.now()): number {
    const before = Math.floor(nowMs) - this.limits.retentionMs;
    let removed = 0;
    for (;;) {
      const n = inTransaction(this.db, () => this.dropExpired.run(before, EXPIRY_BATCH).changes);
      removed += n;
      if (n < EXPIRY_BATCH) return removed;
    }
  }

  /** The record, only when the task exists and belongs to userId (a foreign task reads as unknown). */
  find(userId: string, taskId: string): TaskRecord | undefined {
    const row = this.byId.get(taskId) as Row | undefined;
    if (!row || row.user_id !== userId) return undefined;
    return { taskId, userId, createdAt: row.created_at, durationMs: row.duration_ms, outcome: row.outcome, seed: row.seed };
  }

  /** States of those of `taskIds` that exist and belong to userId, by ID. */
  statesOf(userId: string, taskIds: readonly string[], nowMs: number = this.now()): Map<string, TaskState> {
    const states = new Map<string, TaskState>();
    for (const row of this.byIds.all(JSON.stringify(taskIds)) as [string, string, number, number, TaskRecord['outcome'], number][]) {
      const [taskId, owner, createdAt, durationMs, outcome, seed] = row;
      if (owner !== userId) continue;
      states.set(taskId, taskStateAt({ taskId, userId, createdAt, durationMs, outcome, seed }, nowMs));
    }
    return states;
  }

  stateOf(userId: string, taskId: string, nowMs: number = this.now()): TaskState | undefined {
    const record = this.find(userId, taskId);
    return record && taskStateAt(record, nowMs);
  }

  async close(): Promise<void> {
    this.onClose();
  }
}
