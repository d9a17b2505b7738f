import { randomBytes } from 'node:crypto';
import { countSourceTextChars } from '../../../src/contract';
import { column, inTransaction, scalar, openGatewayDatabase, type Db, type Stmt } from '../storage/gateway-database';
import { guardStorage } from '../storage/storage-error';

/** Balance of a user the gateway has never seen: enough for a long day of trying things. */
export const DEFAULT_POINTS = 100_000;
export const CHARS_PER_POINT = 10;

/** Synthesis cost: 1 point per started 10 characters (code points), at least 1. */
export function speechCost(text: string): number {
  return Math.max(1, Math.ceil(countSourceTextChars(text) / CHARS_PER_POINT));
}

/** Points taken for one synthesis and not yet final: settle() keeps them, release() gives them back. */
export type Charge = { chargeId: string; userId: string; points: number };

/**
 * Per-user points in the database. Every change is one committed transaction, so a balance that
 * was answered is on disk. A synthesis holds its cost as a charge row; charges still held when the
 * server starts belong to syntheses cut by a crash or shutdown and are refunded.
 */
export class PointsLedger {
  private readonly get: Stmt;
  private readonly put: Stmt;
  private readonly addCharge: Stmt;
  private readonly findCharge: Stmt;
  private readonly dropCharge: Stmt;
  private readonly allCharges: Stmt;

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
    this.allCharges = db.prepare('SELECT charge_id FROM charges');
  }

  /** A ledger of its own on dataDir (tests and tools); the server shares one database. */
  static async open(dataDir: string): Promise<PointsLedger> {
    const database = await openGatewayDatabase(dataDir);
    return new PointsLedger(database.db, () => database.close());
  }

  balance(userId: string): number {
    const points = scalar(this.get, userId);
    return points === undefined ? DEFAULT_POINTS : Number(points);
  }

  /** Set a balance; returns once it is committed (507 envelope when it cannot be). */
  set(userId: string, points: number): void {
    guardStorage('the balance', () => inTransaction(this.db, () => this.put.run(userId, points)));
  }

  /** Take `points` from the user as a held charge; null (and no change) when the balance is short. */
  hold(userId: string, points: number, nowMs = Date.now()): Charge | null {
    return guardStorage('the charge', () =>
      inTransaction(this.db, () => {
        const have = this.balance(userId);
        if (points > have) return null;
        const charge = { chargeId: randomBytes(12).toString('hex'), userId, points };
        this.put.run(userId, have - points);
        this.addCharge.run(charge.chargeId, userId, points, Math.floor(nowMs));
        return charge;
      }),
    );
  }

  /** The synthesis succeeded: the points stay spent. */
  settle(charge: Charge): void {
    guardStorage('the charge', () => inTransaction(this.db, () => this.dropCharge.run(charge.chargeId)));
  }

  /** The synthesis failed or was cancelled: the points go back. False when the charge was already final. */
  release(charge: Charge): boolean {
    return inTransaction(this.db, () => this.refundRow(charge.chargeId));
  }

  /** Give back every held charge; called at start-up, when no synthesis can be running. */
  releaseAbandoned(): number {
    const ids = column(this.allCharges) as string[];
    inTransaction(this.db, () => ids.forEach((id) => this.refundRow(id)));
    return ids.length;
  }

  get heldCharges(): number {
    return column(this.allCharges).length;
  }

  private refundRow(chargeId: string): boolean {
    const row = this.findCharge.get(chargeId) as { user_id: string; points: number } | undefined;
    if (!row) return false;
    this.dropCharge.run(chargeId);
    this.put.run(row.user_id, this.balance(row.user_id) + Number(row.points));
    return true;
  }

  async close(): Promise<void> {
    this.onClose();
  }
}
