import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { DATABASE_FILE } from '../gateway/storage/gateway-database';
import { mountSmallDisk, unmountSmallDisk } from './small-disk';

export type Envelope = { code: number; message: string; data: unknown };

/** A call to a real server's /api with the dev token, as user `userId`; its status and envelope. */
export async function callApi(base: string, method: string, path: string, body?: unknown, userId = '1') {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-User-Id': userId, Authorization: 'Bearer dev-token' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, envelope: (await res.json()) as Envelope };
}

/**
 * A 4 MB tmpfs at `<temp root>/disk` (needs root, see itNeedsRoot). Its unmount and the removal of
 * the root are pushed on `cleanups`, which the caller runs in reverse after each test.
 */
export async function mountTempSmallDisk(
  prefix: string,
  cleanups: (() => Promise<unknown> | void)[],
): Promise<{ root: string; disk: string }> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const disk = join(root, 'disk');
  await mkdir(disk);
  mountSmallDisk(disk, '4m');
  cleanups.push(
    () => rm(root, { recursive: true, force: true }),
    () => unmountSmallDisk(disk),
  );
  return { root, disk };
}

/** Held charges and a user's stored balance as on disk, read by a connection of the test's own. */
export function ledgerOnDisk(dataDir: string, userId: string): { held: number; points: number | undefined } {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const held = (db.prepare('SELECT COUNT(*) AS n FROM charges').get() as { n: number }).n;
    const row = db.prepare('SELECT points FROM balances WHERE user_id = ?').get(userId) as { points: number } | undefined;
    return { held: Number(held), points: row === undefined ? undefined : Number(row.points) };
  } finally {
    db.close();
  }
}

/** Polls `done` every 25 ms until it holds; throws naming `what` after 20 s. */
export async function until(done: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let waited = 0; !(await done()); waited += 25) {
    if (waited > 20_000) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
