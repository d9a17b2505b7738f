import { randomBytes } from 'node:crypto';
import { countSourceTextChars } from '#contract';
import { column, inTransaction, scalar, openGatewayDatabase, type Db, type Stmt } from '../storage/gateway-database';
import { guardStorage } from '../storage/storage-error';

/** Balance of a user the gateway has never seen: enough for a long day of trying things. */
export const DEFAULT_POINTS = 100_000;
const CHARS_PER_POINT = 10;

/** Synthesis cost: 1 point per started 10 characters (code points), at least 1. */
export function speechCost(text: string): number {
  return Math.max(1, Math.ceil(countSourceTextChars(text) / CHARS_PER_POINT));
}

/** Points taken for one synthesis and not yet final: settle() keeps them, release() gives them back. */
export type Charge = { chargeId: string; userId: string; points: number };

/** First wait before an owed refund is written again; it doubles after each failure, up to the most. */
const REFUND_RETRY_FIRST_MS = 200;
const REFUND_RETRY_MOST_MS = 5_000;

type ChargeRow = { charge_id: string; user_id: string; points: number };

/**
 * Per-user points in the database. Every change is one committed transaction, so a balance that
 * was answered is on disk. A synthesis holds its cost as a charge row; charges still held when the
 * server starts belong to syntheses cut by a crash or shutdown and are refunded.
 *
 * A refund the disk refuses (full) is owed: balances count it at once, the next write of the
 * ledger and a retry timer (with backoff) write it, and until then its charge row stays held on
 * disk, so a crash meanwhile still ends in the refund at the next start.
 */
export class PointsLedger {
  private readonly get: Stmt;
  private readonly put: Stmt;
  private readonly addCharge: Stmt;
  private readonly findCharge: Stmt;
  private readonly dropCharge: Stmt;
  private readonly allCharges: Stmt;
  /** Refunds decided but not yet on disk, by charge ID. */
  private readonly owed = new Map<string, Charge>();
  private retry: NodeJS.Timeout | null = null;
  private retryDelay = REFUND_RETRY_FIRST_MS;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly onClose: () => void = () => undefined,
  ) {
    this.get = db.prepare('SELECT points FROM balances WHERE user_id = ?');
    this.put = db.prepare(
      'INSERT INTO balances (user_id, points) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET points = excluded.points',
    );
    this.addCharge = db.prepare('INSERT INTO charges (charge_id, user_id, points, created_at) VALUES (?, ?, ?, ?)');
    this.findCharge = db.prepare('SELECT user_id, points FROM charges WHERE charge_id = ?');
    this.dropCharge = db.prepare('DELETE FROM charges WHERE charge_id = ?');
    this.allCharges = db.prepare('SELECT charge_id, user_id, points FROM charges');
  }

  /** A ledger of its own on dataDir (tests and tools); the server shares one database. */
  static async open(dataDir: string): Promise<PointsLedger> {
    const database = await openGatewayDatabase(dataDir);
    return new PointsLedger(database.db, () => database.close());
  }

  /** What the user has, counting refunds owed but not yet written. */
  balance(userId: string): number {
    return this.stored(userId) + this.owedTo(userId);
  }

  /** Set a balance; returns once it is committed (507 envelope when it cannot be). */
  set(userId: string, points: number): void {
    guardStorage('the balance', () => this.write(() => this.put.run(userId, points)));
  }

  /** Take `points` from the user as a held charge; null (and no change) when the balance is short. */
  hold(userId: string, points: number, nowMs = Date.now()): Charge | null {
    return guardStorage('the charge', () =>
      this.write(() => {
        const stored = this.stored(userId);
        if (points > stored + this.owedTo(userId)) return null;
        const charge = { chargeId: randomBytes(12).toString('hex'), userId, points };
        this.put.run(userId, stored - points);
        this.addCharge.run(charge.chargeId, userId, points, Math.floor(nowMs));
        return charge;
      }),
    );
  }

  /** The synthesis succeeded: the points stay spent. Inside another transaction (the audio's row), it commits with it. */
  settle(charge: Charge): void {
    guardStorage('the charge', () => inTransaction(this.db, () => this.dropCharge.run(charge.chargeId)));
  }

  /**
   * The synthesis failed or was cancelled: the points go back, at once in the balance even when the
   * disk refuses the write (then owed and retried). False when the charge was already final.
   */
  release(charge: Charge): boolean {
    if (this.owed.has(charge.chargeId)) return false;
    try {
      return this.write(() => this.refundRow(charge.chargeId));
    } catch (err) {
      // A read still works on a full disk: is the charge still held there?
      const row = this.findCharge.get(charge.chargeId) as { user_id: string; points: number } | undefined;
      if (!row) return false;
      this.owe([{ charge_id: charge.chargeId, user_id: row.user_id, points: row.points }], err);
      return true;
    }
  }

  /**
   * Give back every held charge; called at start-up, when no synthesis can be running. On a full
   * disk the refunds are owed (the server still starts) and written once there is room.
   */
  releaseAbandoned(): number {
    const rows = (this.allCharges.raw(false).all() as ChargeRow[]).filter((r) => !this.owed.has(r.charge_id));
    try {
      this.write(() => rows.forEach((r) => this.refundRow(r.charge_id)));
    } catch (err) {
      this.owe(rows, err);
    }
    return rows.length;
  }

  /** Charges of syntheses still running (held on disk and not owed back). */
  get heldCharges(): number {
    return column(this.allCharges).filter((id) => !this.owed.has(id as string)).length;
  }

  /** Refunds counted in balances but not yet written (the disk refused them). */
  get owedRefunds(): number {
    return this.owed.size;
  }

  private stored(userId: string): number {
    const points = scalar(this.get, userId);
    return points === undefined ? DEFAULT_POINTS : Number(points);
  }

  private owedTo(userId: string): number {
    let points = 0;
    for (const charge of this.owed.values()) if (charge.userId === userId) points += charge.points;
    return points;
  }

  /**
   * One transaction of the ledger. Owed refunds are written first in the same commit (they were
   * decided before it); inside another transaction they wait, since that one may still roll back.
   */
  private write<T>(work: () => T): T {
    const paying = this.db.inTransaction ? [] : [...this.owed.values()];
    let result: T;
    try {
      result = inTransaction(this.db, () => {
        for (const charge of paying) {
          this.refundRow(charge.chargeId);
          this.owed.delete(charge.chargeId);
        }
        return work();
      });
    } catch (err) {
      for (const charge of paying) this.owed.set(charge.chargeId, charge);
      throw err;
    }
    if (paying.length > 0) this.paid(paying.length);
    return result;
  }

  private owe(rows: ChargeRow[], err: unknown): void {
    if (rows.length === 0) return;
    for (const r of rows) this.owed.set(r.charge_id, { chargeId: r.charge_id, userId: r.user_id, points: Number(r.points) });
    const code = (err as { code?: unknown } | null)?.code;
    console.error(
      `points: ${rows.length} refunds wait for disk space (counted in balances, retried)`,
      typeof code === 'string' ? code : '',
      err instanceof Error ? err.message : String(err),
    );
    this.scheduleRetry();
  }

  private paid(count: number): void {
    console.log(`points: ${count} owed refunds written`);
    this.retryDelay = REFUND_RETRY_FIRST_MS;
    if (this.owed.size === 0 && this.retry) {
      clearTimeout(this.retry);
      this.retry = null;
    }
  }

  private scheduleRetry(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.payOwed();
    }, this.retryDelay).unref();
    this.retryDelay = Math.min(this.retryDelay * 2, REFUND_RETRY_MOST_MS);
  }

  /** Write the owed refunds if the disk takes them now; otherwise try again later. */
  private payOwed(): void {
    if (this.owed.size === 0) return;
    try {
      this.write(() => undefined);
    } catch {
      this.scheduleRetry(); // still full: no log line per attempt
    }
  }

  private refundRow(chargeId: string): boolean {
    const row = this.findCharge.get(chargeId) as { user_id: string; points: number } | undefined;
    if (!row) return false;
    this.dropCharge.run(chargeId);
    this.put.run(row.user_id, this.stored(row.user_id) + Number(row.points));
    return true;
  }

  /** Stops the retries after a last attempt; refunds still owed stay held on disk for the next start. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.payOwed();
    this.onClose();
  }
}
