import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POINTS, POINTS_FILE, PointsLedger, speechCost } from './points-ledger';

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
  it('gives an unseen user the default balance and spends only what is there', async () => {
    const ledger = await PointsLedger.open(await freshDir());
    expect(ledger.balance('5')).toBe(DEFAULT_POINTS);
    ledger.set('5', 10);
    expect(ledger.trySpend('5', 11)).toBe(false);
    expect(ledger.balance('5')).toBe(10);
    expect(ledger.trySpend('5', 10)).toBe(true);
    expect(ledger.balance('5')).toBe(0);
    expect(ledger.trySpend('5', 1)).toBe(false);
    ledger.refund('5', 3);
    expect(ledger.balance('5')).toBe(3);
    await ledger.flush();
  });

  it('keeps balances across a restart, written atomically', async () => {
    const dir = await freshDir();
    const ledger = await PointsLedger.open(dir);
    ledger.set('1', 42);
    ledger.trySpend('2', 100);
    ledger.set('3', 0);
    await ledger.flush();
    const again = await PointsLedger.open(dir);
    expect([again.balance('1'), again.balance('2'), again.balance('3')]).toEqual([42, DEFAULT_POINTS - 100, 0]);
    expect(JSON.parse(await readFile(join(dir, POINTS_FILE), 'utf8'))).toEqual({
      balances: { '1': 42, '2': DEFAULT_POINTS - 100, '3': 0 },
    });
  });

  it('coalesces many quick changes and still saves the last one', async () => {
    const dir = await freshDir();
    const ledger = await PointsLedger.open(dir);
    for (let i = 0; i < 1000; i++) ledger.trySpend('8', 1);
    await ledger.flush();
    expect((await PointsLedger.open(dir)).balance('8')).toBe(DEFAULT_POINTS - 1000);
  });

  it('refuses to start on a damaged points file rather than silently resetting balances', async () => {
    const dir = await freshDir();
    await writeFile(join(dir, POINTS_FILE), 'not json');
    await expect(PointsLedger.open(dir)).rejects.toThrow(/not a points file/);
  });
});
