import { openDB, type IDBPDatabase } from 'idb';

// Loaded on demand (see watch-list-store.ts), so idb stays out of the first-load bundle.
const LISTS = 'lists';
/**
 * IDs per stored piece. A list is kept as pieces under [scope, i] and a head { pieces } under
 * scope, so reading or writing 100,000 IDs is many short tasks (each piece is copied in its own
 * IndexedDB event) instead of one clone of the whole list. An older head is the list itself.
 */
export const PIECE = 5_000;
let opening: Promise<IDBPDatabase> | null = null;

function db(): Promise<IDBPDatabase> {
  opening ??= openDB('console.tasks.watch-lists', 1, { upgrade: (d) => void d.createObjectStore(LISTS) }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

const piecesOf = (head: unknown): number =>
  typeof head === 'object' && head !== null && 'pieces' in head && Number.isInteger(head.pieces) ? Number(head.pieces) : 0;

/** One profile's stored list as it was written (unchecked: see load-watch-list.ts), and whether it is in the older one-piece form. */
export async function readWatchListPieces(scope: string): Promise<{ pieces: unknown[]; onePiece: boolean }> {
  const tx = (await db()).transaction(LISTS);
  const head: unknown = await tx.store.get(scope);
  if (Array.isArray(head)) return { pieces: [head], onePiece: true };
  // All asked for in one transaction (one version of the list); each answer arrives as its own event.
  const pieces = await Promise.all(Array.from({ length: piecesOf(head) }, (_, i) => tx.store.get([scope, i]) as Promise<unknown>));
  return { pieces, onePiece: false };
}

/** Replaces the stored list in one transaction, a piece per IndexedDB event (each put is issued when the last is done). */
export async function writeWatchList(scope: string, ids: readonly string[]): Promise<void> {
  const tx = (await db()).transaction(LISTS, 'readwrite');
  const before = piecesOf(await tx.store.get(scope));
  const count = Math.ceil(ids.length / PIECE);
  for (let i = 0; i < count; i++) await tx.store.put(ids.slice(i * PIECE, (i + 1) * PIECE), [scope, i]);
  for (let i = count; i < before; i++) void tx.store.delete([scope, i]);
  await tx.store.put({ pieces: count }, scope);
  await tx.done;
}
