import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openGatewayDatabase } from './gateway-database';
import { databaseWritable } from './database-writable';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('embedded mode: the database is writable', () => {
  it('is ready when a committed write goes through', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'readyz-'));
    dirs.push(dir);
    const database = await openGatewayDatabase(dir);
    expect(databaseWritable(database.db)()).toBeNull();
    expect(databaseWritable(database.db)()).toBeNull();
    database.close();
  });

  it('is not ready on a read-only database, and after it closed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'readyz-'));
    dirs.push(dir);
    (await openGatewayDatabase(dir)).close();
    // query_only: SQLite refuses every write (SQLITE_READONLY), as on a read-only mount (root ignores file modes).
    const readOnly = new Database(join(dir, DATABASE_FILE));
    readOnly.pragma('query_only = ON');
    expect(databaseWritable(readOnly)()).toMatch(/^the database is not writable/);
    readOnly.close();
    expect(databaseWritable(readOnly)()).toMatch(/^the database is not writable/);
  });
});
