import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import Database from 'libsql';
import type { Db, Stmt } from './db-types';
import { migrateFilesOnce } from './migrate-files';
import { SCHEMA_SQL } from './schema';

export type { Db, Stmt };
export const DATABASE_FILE = 'gateway.db';

/** The first column of the first row, or undefined (libsql's pluck() is not honoured by get()). */
export function scalar(statement: Stmt, ...params: unknown[]): unknown {
  const row = statement.raw(true).get(...params) as unknown[] | undefined;
  return row?.[0];
}

/** The first column of every row. */
export function column(statement: Stmt, ...params: unknown[]): unknown[] {
  return (statement.raw(true).all(...params) as unknown[][]).map((row) => row[0]);
}

/**
 * One transaction: committed as a whole (and on disk, synchronous=FULL) or rolled back as a whole.
 * Called inside another one, it joins it as a savepoint: its writes commit with the outer ones or
 * not at all (how an audio row and the settlement of its charge become one commit).
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.inTransaction
    ? transaction(db, work, 'SAVEPOINT nested', 'RELEASE nested', 'ROLLBACK TO nested; RELEASE nested')
    : transaction(db, work, 'BEGIN IMMEDIATE', 'COMMIT', 'ROLLBACK');
}

function transaction<T>(db: Db, work: () => T, begin: string, commit: string, rollback: string): T {
  db.exec(begin);
  try {
    const result = work();
    db.exec(commit);
    return result;
  } catch (err) {
    // A failed COMMIT (disk full) may already have rolled back; never let ROLLBACK hide the cause.
    // In a savepoint, a failed rollback leaves it to the outer transaction to roll back.
    if (db.inTransaction) {
      try {
        db.exec(rollback);
      } catch {
        /* the original error is the one to report */
      }
    }
    throw err;
  }
}

export type GatewayDatabase = { db: Db; close(): void };

type Shared = { opening: Promise<Db>; users: number };
/** One connection per file in this process: the gateway and the speech service share it (and its migration). */
const shared = new Map<string, Shared>();

/**
 * Open (creating if needed) DATA_DIR/gateway.db: WAL, synchronous=FULL so a committed transaction
 * survives kill -9 and power loss, and the one-time import of the older .data files. Each caller
 * closes its own handle; the connection closes with the last one.
 */
export async function openGatewayDatabase(dataDir: string): Promise<GatewayDatabase> {
  const path = resolve(dataDir, DATABASE_FILE);
  let entry = shared.get(path);
  if (!entry) {
    entry = { opening: openConnection(dataDir, path), users: 0 };
    shared.set(path, entry);
    entry.opening.catch(() => shared.delete(path));
  }
  entry.users++;
  const mine = entry;
  let db: Db;
  try {
    db = await mine.opening;
  } catch (err) {
    mine.users--;
    throw err;
  }
  let open = true;
  return {
    db,
    close: () => {
      if (!open) return;
      open = false;
      if (--mine.users > 0) return;
      shared.delete(path);
      db.close();
    },
  };
}

async function openConnection(dataDir: string, path: string): Promise<Db> {
  await mkdir(dataDir, { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(SCHEMA_SQL);
    await migrateFilesOnce(db, dataDir);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
