import { openDB, type IDBPDatabase } from 'idb';
import { hasTaskIdPrefix } from '@/contract';

// Loaded on demand (see watch-list-store.ts), so idb stays out of the first-load bundle.
const LISTS = 'lists';
let opening: Promise<IDBPDatabase> | null = null;

function db(): Promise<IDBPDatabase> {
  opening ??= openDB('console.tasks.watch-lists', 1, { upgrade: (d) => void d.createObjectStore(LISTS) }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** One profile's watched IDs, in the order added; anything that is not a list of task IDs reads as empty. */
export async function readWatchList(scope: string): Promise<string[]> {
  const stored: unknown = await (await db()).get(LISTS, scope);
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string' && hasTaskIdPrefix(id)) : [];
}

export async function writeWatchList(scope: string, ids: readonly string[]): Promise<void> {
  await (await db()).put(LISTS, [...ids], scope);
}
