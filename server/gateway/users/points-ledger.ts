import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { countSourceTextChars } from '../../../src/contract';

export const POINTS_FILE = 'points.json';
/** Balance of a user the gateway has never seen: enough for a long day of trying things. */
export const DEFAULT_POINTS = 100_000;
export const CHARS_PER_POINT = 10;

/** Synthesis cost: 1 point per started 10 characters (code points), at least 1. */
export function speechCost(text: string): number {
  return Math.max(1, Math.ceil(countSourceTextChars(text) / CHARS_PER_POINT));
}

const fileSchema = z.object({ balances: z.record(z.string(), z.number().int().nonnegative()) });

/**
 * Per-user points. Decisions are synchronous (no two spends can race past a balance); every
 * change schedules an atomic rewrite (tmp + fsync + rename) and flush() waits for it.
 */
export class PointsLedger {
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  private constructor(
    private readonly path: string,
    private readonly balances: Map<string, number>,
  ) {}

  static async open(dataDir: string): Promise<PointsLedger> {
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, POINTS_FILE);
    const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    const parsed = text === null ? null : fileSchema.safeParse(safeJson(text));
    if (parsed && !parsed.success) throw new Error(`${path} is not a points file; move it away to start fresh`);
    return new PointsLedger(path, new Map(Object.entries(parsed?.data.balances ?? {})));
  }

  balance(userId: string): number {
    return this.balances.get(userId) ?? DEFAULT_POINTS;
  }

  set(userId: string, points: number): void {
    this.balances.set(userId, points);
    this.schedule();
  }

  /** Take `cost` points if the user has them; false (and no change) otherwise. */
  trySpend(userId: string, cost: number): boolean {
    const have = this.balance(userId);
    if (cost > have) return false;
    this.set(userId, have - cost);
    return true;
  }

  /** Give back points taken for work that then failed. */
  refund(userId: string, cost: number): void {
    this.set(userId, this.balance(userId) + cost);
  }

  /** Resolves when every change made so far is on disk. */
  async flush(): Promise<void> {
    while (this.dirty) await this.writing;
    await this.writing;
  }

  private schedule(): void {
    if (this.dirty) return;
    this.dirty = true;
    this.writing = this.writing
      .then(() => this.write())
      .catch((e: unknown) => console.error('points: could not save balances', e instanceof Error ? e.message : e));
  }

  private async write(): Promise<void> {
    this.dirty = false;
    const body = JSON.stringify({ balances: Object.fromEntries(this.balances) });
    const tmp = `${this.path}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, this.path);
    // The rename itself must reach the disk too, or a crash could bring back the old file.
    const dir = await open(dirname(this.path), 'r');
    await dir.sync().finally(() => dir.close());
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
