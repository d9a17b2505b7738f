import type { DBSchema, IDBPDatabase } from 'idb';
import { lazyDatabase } from '@/lib/tab-synced-db';

/**
 * The speech feature's one IndexedDB. This file knows its stores' names and keys (to create them on upgrade);
 * what each store holds is typed by the concept that owns it, with a DBSchema of its own stores passed to
 * speechDb: takes and audio (take/take-db), jobs and parts (long-text/job-db), scripts, scriptTakes and
 * scriptDraft (script/queue/script-db). So the database sits below every concept that keeps something in it.
 */
// Name and the version 1 stores as the first hand-written wrapper made them, so existing history opens as is.
const DB_NAME = 'console.speech.history';

// Opened once; a newer console's upgrade in another tab makes it step aside (src/lib/tab-synced-db.ts).
const database = lazyDatabase(DB_NAME, 4, (db) => {
  // By store rather than by version: a database some other code opened empty still gets every store.
  if (!db.objectStoreNames.contains('takes')) db.createObjectStore('takes', { keyPath: 'id' });
  if (!db.objectStoreNames.contains('audio')) db.createObjectStore('audio');
  if (!db.objectStoreNames.contains('jobs')) db.createObjectStore('jobs', { keyPath: 'id' });
  if (!db.objectStoreNames.contains('parts')) db.createObjectStore('parts', { keyPath: ['jobId', 'index'] });
  if (!db.objectStoreNames.contains('scripts')) db.createObjectStore('scripts', { keyPath: 'id' });
  if (!db.objectStoreNames.contains('scriptTakes')) db.createObjectStore('scriptTakes', { keyPath: ['scriptId', 'line'] });
  // Version 4: the Script tab's box and its checked lines, not yet made (one record).
  if (!db.objectStoreNames.contains('scriptDraft')) db.createObjectStore('scriptDraft');
});

/** The open database, typed by the caller's own stores (one of the schemas named above). */
export function speechDb<Stores extends DBSchema>(): Promise<IDBPDatabase<Stores>> {
  // The schema is the caller's part of the one the upgrade above creates: each owner types only its stores.
  return database() as Promise<unknown> as Promise<IDBPDatabase<Stores>>;
}
