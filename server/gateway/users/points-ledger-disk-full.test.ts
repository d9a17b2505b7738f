import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { ledgerOnDisk as onDisk, mountTempSmallDisk, until } from '../../testing/disk-full-helpers';
import { fillDisk, itNeedsRoot } from '../../testing/small-disk';
import { openGatewayDatabase } from '../storage/gateway-database';
import { STORAGE_FAILED_CODE } from '../storage/storage-error';
import { DEFAULT_POINTS, PointsLedger } from './points-ledger';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

/** A data directory on a real 4 MB tmpfs (needs root, as the disk-full test). */
async function smallDataDir(): Promise<{ dataDir: string; disk: string }> {
  const { disk } = await mountTempSmallDisk('ledger-disk-full-', cleanups);
  return { dataDir: join(disk, 'data'), disk };
}

itNeedsRoot(
  'a refund the full disk refuses is counted in the balance at once and written, without restart, once there is room',
  async () => {
    const { dataDir, disk } = await smallDataDir();
    const ledger = await PointsLedger.open(dataDir);
    cleanups.push(() => ledger.close());
    const charge = ledger.hold('5', 40)!;
    const giveSpaceBack = await fillDisk(disk);

    expect(ledger.release(charge)).toBe(true);
    expect([ledger.balance('5'), ledger.heldCharges, ledger.owedRefunds]).toEqual([DEFAULT_POINTS, 0, 1]);
    expect(onDisk(dataDir, '5')).toEqual({ held: 1, points: DEFAULT_POINTS - 40 });
    // Other writes are still refused with the 507 envelope, and the owed refund is kept.
    expect(() => ledger.set('6', 1)).toThrow(expect.objectContaining({ code: STORAGE_FAILED_CODE }));
    expect(() => ledger.hold('5', 1)).toThrow(expect.objectContaining({ code: STORAGE_FAILED_CODE }));
    expect(ledger.owedRefunds).toBe(1);

    await giveSpaceBack();
    await until(() => ledger.owedRefunds === 0, 'the retried refund');
    expect(onDisk(dataDir, '5')).toEqual({ held: 0, points: DEFAULT_POINTS });
    expect(ledger.balance('5')).toBe(DEFAULT_POINTS);
  },
  30_000,
);

itNeedsRoot(
  'on a full disk the whole balance, owed refund included, can be spent once the disk has room',
  async () => {
    const { dataDir, disk } = await smallDataDir();
    const ledger = await PointsLedger.open(dataDir);
    cleanups.push(() => ledger.close());
    ledger.set('7', 100);
    const charge = ledger.hold('7', 30)!;
    const giveSpaceBack = await fillDisk(disk);
    ledger.release(charge);
    expect(ledger.balance('7')).toBe(100);
    await giveSpaceBack();
    // The next write takes the owed refund with it: one commit, no double refund.
    const all = ledger.hold('7', 100);
    expect(all).not.toBeNull();
    expect([ledger.balance('7'), ledger.owedRefunds]).toEqual([0, 0]);
    expect(onDisk(dataDir, '7')).toEqual({ held: 1, points: 0 });
  },
  30_000,
);

itNeedsRoot(
  'start-up on a full disk owes the refunds of held charges instead of failing, and writes them once there is room',
  async () => {
    const { dataDir, disk } = await smallDataDir();
    const database = await openGatewayDatabase(dataDir);
    cleanups.push(() => database.close());
    // The last run held two charges and was cut off (same connection: nothing flushed by a close).
    const before = new PointsLedger(database.db);
    before.hold('8', 25);
    before.hold('9', 5);
    const giveSpaceBack = await fillDisk(disk);

    const ledger = new PointsLedger(database.db);
    cleanups.push(() => ledger.close());
    expect(ledger.releaseAbandoned()).toBe(2);
    expect([ledger.balance('8'), ledger.balance('9'), ledger.heldCharges, ledger.owedRefunds]).toEqual([
      DEFAULT_POINTS,
      DEFAULT_POINTS,
      0,
      2,
    ]);
    expect(onDisk(dataDir, '8')).toEqual({ held: 2, points: DEFAULT_POINTS - 25 });

    await giveSpaceBack();
    await until(() => ledger.owedRefunds === 0, 'the retried refunds');
    expect(onDisk(dataDir, '8')).toEqual({ held: 0, points: DEFAULT_POINTS });
    expect(onDisk(dataDir, '9')).toEqual({ held: 0, points: DEFAULT_POINTS });
  },
  30_000,
);
