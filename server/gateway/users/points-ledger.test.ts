import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINTS, PointsLedger, speechCost } from './points-ledger';

const freshDir = () => mkdtemp(join(tmpdir(), 'points-'));

describe('speechCost', () => {
  it('charges 1 point per started 10 characters, at least 1', () => {
    expect(speechCost('')).toBe(1);
    expect(speechCost('a')).toBe(1);
    expect(speechCost('a'.repeat(10))).toBe(1);
    expect(speechCost('a'.repeat(11))).toBe(2);
    expect(speechCost('a'.repeat(5000))).toBe(500);
    expect(speechCost('😀'.repeat(10))).toBe(1);
  });
});

describe('PointsLedger', () => {
  it('gives an unseen user the default balance and holds only what is there', async () => {
    const ledger = await PointsLedger.open(await freshDir());
    expect(ledger.balance('5')).toBe(DEFAULT_POINTS);
    ledger.set('5', 10);
    expect(ledger.hold('5', 11)).toBeNull();
    expect(ledger.balance('5')).toBe(10);
    const charge = ledger.hold('5', 10);
    expect(charge).toMatchObject({ userId: '5', points: 10 });
    expect(ledger.balance('5')).toBe(0);
    expect(ledger.hold('5', 1)).toBeNull();
    expect(ledger.release(charge!)).toBe(true);
    expect(ledger.release(charge!)).toBe(false);
    expect(ledger.balance('5')).toBe(10);
    await ledger.close();
  });

  it('keeps a settled charge spent, and refunds charges left held by a stop on the next start', async () => {
    const dir = await freshDir();
    const ledger = await PointsLedger.open(dir);
    ledger.settle(ledger.hold('1', 100)!);
    ledger.hold('2', 300);
    expect(ledger.heldCharges).toBe(1);
    await ledger.close();
    const again = await PointsLedger.open(dir);
    expect([again.balance('1'), again.balance('2')]).toEqual([DEFAULT_POINTS - 100, DEFAULT_POINTS - 300]);
    expect(again.releaseAbandoned()).toBe(1);
    expect([again.balance('1'), again.balance('2'), again.heldCharges]).toEqual([DEFAULT_POINTS - 100, DEFAULT_POINTS, 0]);
    await again.close();
  });

  it('keeps balances across a restart', async () => {
    const dir = await freshDir();
    const ledger = await PointsLedger.open(dir);
    ledger.set('1', 42);
    ledger.set('3', 0);
    for (let i = 0; i < 100; i++) ledger.settle(ledger.hold('8', 1)!);
    await ledger.close();
    const again = await PointsLedger.open(dir);
    expect([again.balance('1'), again.balance('3'), again.balance('8')]).toEqual([42, 0, DEFAULT_POINTS - 100]);
    await again.close();
  });
});
