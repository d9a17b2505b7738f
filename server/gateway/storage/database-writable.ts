import type { Db } from './db-types';

/**
 * A readiness probe, handed to observability/readiness.ts by create-api.ts. Embedded mode: the
 * database takes a committed write (one row of `meta`, synchronous=FULL), so a full disk, a
 * read-only file system or a closed database makes the server not ready.
 */
export function databaseWritable(db: Db): () => string | null {
  return () => {
    try {
      db.prepare("INSERT INTO meta (key, value) VALUES ('readyz', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
        String(Date.now()),
      );
      return null;
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      return `the database is not writable${typeof code === 'string' && /^[A-Z_]{1,40}$/.test(code) ? ` (${code})` : ''}`;
    }
  };
}
