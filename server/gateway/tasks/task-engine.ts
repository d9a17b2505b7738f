import { busy } from '../busy';
import { inTransaction, scalar, openGatewayDatabase, type Db, type Stmt } from '../storage/gateway-database';
import { guardStorage } from '../storage/storage-error';
import { DEFAULT_TASK_DURATION_MS, type TaskOutcome, type TaskRecord } from './task-record';
import { newSeed, newTaskId } from './task-id';
import { settledAt, taskStateAt, type TaskState } from './task-status-at';
import { TaskReadIndex, type IndexedTask } from './task-read-index';

export type CreateTasksInput = { count: number; durationMs?: number; outcome?: TaskOutcome };
export type Clock = () => number;

export type TaskLimits = {
  /** Most tasks one user may hold; at the bound their oldest finished tasks make room. */
  maxPerUser: number;
  /** Most tasks stored in all; at the bound the oldest finished tasks of anyone make room. */
  maxTotal: number;
  /** Finished tasks older than this are deleted by expireFinished(). */
  retentionMs: number;
  /** Most tasks kept in the read index (READ_INDEX_MAX unless set; tests set it small). */
  readIndexMax?: number;
};
export const DEFAULT_TASK_LIMITS: TaskLimits = { maxPerUser: 100_000, maxTotal: 1_000_000, retentionMs: 7 * 24 * 3_600_000 };
const EXPIRY_BATCH = 5_000;

/** Most tasks the read index holds: every live task of a few busy consoles, some tens of MB. */
const READ_INDEX_MAX = 100_000;

type Row = { user_id: string; created_at: number; duration_ms: number; outcome: TaskRecord['outcome']; seed: number };
type RawRow = [taskId: string, userId: string, createdAt: number, durationMs: number, outcome: TaskRecord['outcome'], seed: number];

/**
 * Text removal tasks of the embedded gateway, one row each in the database. A task's state is
 * computed from its row and the clock on demand, so opening the store costs the same at 0 and at
 * a million tasks. Reads go through a bounded in-memory index of the rows read or written lately
 * (task-read-index.ts): a status poll of known tasks runs no SQL; a miss is one query for all of
 * a request's missing IDs. Every write commits to the database before the index learns of it.
 */
export class TaskEngine {
  private readonly byId: Stmt;
  private readonly byIds: Stmt;
  private readonly countOf: Stmt;
  private readonly insert: Stmt;
  private readonly dropOldestOfUser: Stmt;
  private readonly dropOldest: Stmt;
  private readonly dropExpired: Stmt;
  private readonly moveBack: Stmt;
  private readonly index: TaskReadIndex;
  /** How many creations and deletions (or endNow moves) have committed: a cached answer is only as fresh as these. */
  private changes = { created: 0, deleted: 0 };

  constructor(
    private readonly db: Db,
    readonly now: Clock = Date.now,
    readonly limits: TaskLimits = DEFAULT_TASK_LIMITS,
    private readonly onClose: () => void = () => undefined,
  ) {
    this.index = new TaskReadIndex(Math.min(limits.readIndexMax ?? READ_INDEX_MAX, limits.maxTotal));
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
    // Deletes name the rows they removed, so the index forgets exactly those.
    this.dropOldestOfUser = db
      .prepare(
        'DELETE FROM tasks WHERE task_id IN (SELECT task_id FROM tasks WHERE user_id = ? AND ends_at <= ? ORDER BY ends_at LIMIT ?) RETURNING task_id',
      )
      .raw(true);
    this.dropOldest = db
      .prepare(
        'DELETE FROM tasks WHERE task_id IN (SELECT task_id FROM tasks WHERE ends_at <= ? ORDER BY ends_at LIMIT ?) RETURNING task_id',
      )
      .raw(true);
    this.dropExpired = db
      .prepare('DELETE FROM tasks WHERE task_id IN (SELECT task_id FROM tasks WHERE ends_at < ? LIMIT ?) RETURNING task_id')
      .raw(true);
    this.moveBack = db.prepare('UPDATE tasks SET created_at = ?, ends_at = ? WHERE task_id = ?');
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
    const records: TaskRecord[] = Array.from({ length: input.count }, () => ({
      taskId: newTaskId(createdAt),
      userId,
      createdAt,
      durationMs,
      outcome,
      seed: newSeed(),
    }));
    guardStorage('the new tasks', () =>
      inTransaction(this.db, () => {
        this.makeRoom(userId, input.count, createdAt);
        for (const r of records) this.insert.run(r.taskId, userId, createdAt, durationMs, createdAt + durationMs, outcome, r.seed);
      }),
    );
    for (const r of records) this.index.add(r);
    this.changes = { created: this.changes.created + 1, deleted: this.changes.deleted };
    return records.map((r) => r.taskId);
  }

  /**
   * Emulator control (tests): the tasks of `taskIds` that belong to userId and have not ended end now, each as its
   * outcome says (finished, failed with its code, aborted). Its record moves back by what was left of its life, so its
   * state stays a function of record and clock and its end's updateTime is now. The read index takes the moved
   * record, and the deletion counter moves so that no stored status answer outlives it. The IDs moved.
   */
  endNow(userId: string, taskIds: readonly string[]): string[] {
    const nowMs = Math.floor(this.now());
    const live = this.ownedTasks(userId, [...new Set(taskIds)]).owned.filter((entry) => entry.settlesAt > nowMs);
    const moved = live.map(({ record }) => ({ ...record, createdAt: record.createdAt - (settledAt(record) - nowMs) }));
    if (moved.length === 0) return [];
    guardStorage('the ended tasks', () =>
      inTransaction(this.db, () => {
        for (const r of moved) this.moveBack.run(r.createdAt, r.createdAt + r.durationMs, r.taskId);
      }),
    );
    for (const r of moved) {
      this.index.delete(r.taskId);
      this.index.add(r);
    }
    this.changes = { created: this.changes.created, deleted: this.changes.deleted + 1 };
    return moved.map((r) => r.taskId);
  }

  /** Inside the creating transaction: drop the oldest finished tasks the bounds require, or refuse. */
  private makeRoom(userId: string, adding: number, nowMs: number): void {
    const { maxPerUser, maxTotal } = this.limits;
    if (adding > maxPerUser || adding > maxTotal) throw busy(`at most ${Math.min(maxPerUser, maxTotal)} tasks can be stored`);
    const overUser = this.count(userId) + adding - maxPerUser;
    if (overUser > 0 && this.forget(this.dropOldestOfUser.all(userId, nowMs, overUser)) < overUser) {
      throw busy(`user ${userId} already has ${maxPerUser} unfinished tasks (TASKS_MAX_PER_USER); try again when some have finished`);
    }
    const overTotal = this.count('*') + adding - maxTotal;
    if (overTotal > 0 && this.forget(this.dropOldest.all(nowMs, overTotal)) < overTotal) {
      throw busy(`the emulator already holds ${maxTotal} unfinished tasks (TASKS_MAX_TOTAL); try again when some have finished`);
    }
  }

  /** Delete finished tasks older than the retention, a batch per transaction; how many went. */
  expireFinished(nowMs: number = this.now()): number {
    const before = Math.floor(nowMs) - this.limits.retentionMs;
    let removed = 0;
    for (;;) {
      const n = inTransaction(this.db, () => this.forget(this.dropExpired.all(before, EXPIRY_BATCH)));
      removed += n;
      if (n < EXPIRY_BATCH) return removed;
    }
  }

  /** Drop deleted rows (RETURNING task_id) from the index; how many there were. A rollback only costs a re-read. */
  private forget(rows: unknown[]): number {
    for (const row of rows as [string][]) this.index.delete(row[0]);
    if (rows.length > 0) this.changes = { created: this.changes.created, deleted: this.changes.deleted + 1 };
    return rows.length;
  }

  /** The record, only when the task exists and belongs to userId (a foreign task reads as unknown). */
  find(userId: string, taskId: string): TaskRecord | undefined {
    let entry = this.index.get(taskId);
    if (!entry) {
      const row = this.byId.get(taskId) as Row | undefined;
      if (!row) return undefined;
      const { user_id, created_at, duration_ms, outcome, seed } = row;
      entry = this.index.add({ taskId, userId: user_id, createdAt: created_at, durationMs: duration_ms, outcome, seed });
    }
    return entry.record.userId === userId ? entry.record : undefined;
  }

  /** Counters of committed creations and deletions (a new object whenever one changes). */
  get version(): { readonly created: number; readonly deleted: number } {
    return this.changes;
  }

  /**
   * The tasks of `taskIds` that exist and belong to userId, in the order asked, and how many of
   * the IDs exist for no one: from the index, with one query for the IDs it does not hold.
   */
  ownedTasks(userId: string, taskIds: readonly string[]): { owned: IndexedTask[]; unknown: number } {
    const entries: (IndexedTask | undefined)[] = taskIds.map((id) => this.index.get(id));
    const missing = taskIds.filter((_, i) => entries[i] === undefined);
    if (missing.length > 0) {
      // Adding may push older entries out of the bounded index, so this request keeps its own.
      const read = new Map<string, IndexedTask>();
      for (const [taskId, owner, createdAt, durationMs, outcome, seed] of this.byIds.all(JSON.stringify(missing)) as RawRow[]) {
        read.set(taskId, this.index.add({ taskId, userId: owner, createdAt, durationMs, outcome, seed }));
      }
      taskIds.forEach((id, i) => (entries[i] ??= read.get(id)));
    }
    const owned: IndexedTask[] = [];
    let unknown = 0;
    for (const entry of entries) {
      if (entry === undefined) unknown++;
      else if (entry.record.userId === userId) owned.push(entry);
    }
    return { owned, unknown };
  }

  /** States of those of `taskIds` that exist and belong to userId, by ID. */
  statesOf(userId: string, taskIds: readonly string[], nowMs: number = this.now()): Map<string, TaskState> {
    return new Map(this.ownedTasks(userId, taskIds).owned.map((entry) => [entry.record.taskId, taskStateAt(entry.record, nowMs)]));
  }

  stateOf(userId: string, taskId: string, nowMs: number = this.now()): TaskState | undefined {
    const record = this.find(userId, taskId);
    return record && taskStateAt(record, nowMs);
  }

  async close(): Promise<void> {
    this.onClose();
  }
}
