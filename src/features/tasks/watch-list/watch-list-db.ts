import { lazyDatabase } from '@/lib/tab-synced-db';
import { hasTaskIdPrefix } from '@/contract';
import { mergeIntoPieces, type WatchListChange } from './watch-list-merge';

// Loaded on demand (see watch-list-store.ts), so idb stays out of the first-load bundle.
const LISTS = 'lists';
/**
 * Most IDs per stored piece. A list is kept as pieces under [scope, i] and a head { pieces, version }
 * under scope, so reading or writing 100,000 IDs is many short tasks (each piece is copied in its own
 * IndexedDB event) instead of one clone of the whole list, and a change rewrites only the pieces it
 * touches. `version` grows with each write (tabs use it to tell whether they missed one): the clock
 * in ms, or one more than before if that is not more, so a list written after the store was cleared,
 * or by a version of the console that wrote none, does not look older than one a tab has seen. An
 * older head is the list itself.
 */
export const PIECE = 5_000;
const db = lazyDatabase('console.tasks.watch-lists', 1, (d) => void d.createObjectStore(LISTS));

const counted = (head: unknown, key: string): number =>
  typeof head === 'object' && head !== null && key in head && Number.isInteger((head as Record<string, unknown>)[key])
    ? Number((head as Record<string, unknown>)[key])
    : 0;

/** One profile's stored list as it was written (unchecked: see load-watch-list.ts), whether it is in the older one-piece form, and its version. */
export async function readWatchListPieces(scope: string): Promise<{ pieces: unknown[]; onePiece: boolean; version: number }> {
  const tx = (await db()).transaction(LISTS);
  const head: unknown = await tx.store.get(scope);
  if (Array.isArray(head)) return { pieces: [head], onePiece: true, version: 0 };
  // All asked for in one transaction (one version of the list); each answer arrives as its own event.
  const pieces = await Promise.all(Array.from({ length: counted(head, 'pieces') }, (_, i) => tx.store.get([scope, i]) as Promise<unknown>));
  return { pieces, onePiece: false, version: counted(head, 'version') };
}

/**
 * The scopes of stored lists that belong to no user (a scope is gateway URL + NUL + user ID): IDs
 * added before a profile was set up, to be moved into the first one opened with a user ID. Only the
 * heads are asked for: string keys sort before the [scope, i] array keys of the pieces.
 */
export async function profileLessScopes(): Promise<string[]> {
  const keys = await (await db()).getAllKeys(LISTS, IDBKeyRange.bound('', [], false, true));
  return keys.filter((k): k is string => typeof k === 'string' && k.endsWith('\u0000'));
}

/** A list in the older one-piece form, as pieces of task IDs, each once (written again whole). */
function fromOnePiece(list: readonly unknown[]): string[][] {
  const ids = [...new Set(list.filter((id): id is string => typeof id === 'string' && hasTaskIdPrefix(id)))];
  return Array.from({ length: Math.ceil(ids.length / PIECE) }, (_, i) => ids.slice(i * PIECE, (i + 1) * PIECE));
}

const asPiece = (piece: unknown): string[] => (Array.isArray(piece) ? piece.filter((id): id is string => typeof id === 'string') : []);

export type StoredChange = {
  /** The version the changes were applied to, and the one written (the same when nothing took effect). */
  before: number;
  version: number;
  /** The list as stored afterwards. */
  pieces: (readonly string[])[];
  effective: WatchListChange[];
};

/**
 * Applies changes to the stored list in one transaction that reads it first, so a save from another
 * tab in between is kept, not overwritten: only the pieces the changes touch are written, each in its
 * own IndexedDB event.
 */
export async function changeWatchList(scope: string, changes: readonly WatchListChange[], max: number): Promise<StoredChange> {
  const tx = (await db()).transaction(LISTS, 'readwrite');
  const head: unknown = await tx.store.get(scope);
  const onePiece = Array.isArray(head);
  const before = counted(head, 'version');
  const count = counted(head, 'pieces');
  // Pieces asked for one after another: asked for all at once, Chromium handed over 100,000 IDs in one
  // task of about 20 ms; one at a time, no task passed about 4 ms (about 10 ms more in all). Each piece
  // is looked through for the changes' IDs as it arrives, so the merge visits only the pieces that hold them.
  const named = new Set(count > 0 ? changes.flatMap((c) => [...c.added, ...c.removed]) : []);
  const holding = new Set<number>();
  const stored = onePiece ? fromOnePiece(head) : [];
  for (let i = 0; i < count; i++) {
    const piece = asPiece(await tx.store.get([scope, i]));
    if (piece.some((id) => named.has(id))) holding.add(i);
    stored.push(piece);
  }
  const merged = mergeIntoPieces(stored, changes, PIECE, max, onePiece ? undefined : holding);
  const version = Math.max(before + 1, Date.now());
  if (merged.changed.length === 0 && merged.pieces.length === count && !onePiece) {
    await tx.done;
    return { before, version: before, pieces: merged.pieces, effective: merged.effective };
  }
  const written = onePiece ? merged.pieces.map((_, i) => i) : merged.changed;
  for (const i of written) await tx.store.put(merged.pieces[i], [scope, i]);
  for (let i = merged.pieces.length; i < count; i++) void tx.store.delete([scope, i]);
  await tx.store.put({ pieces: merged.pieces.length, version }, scope);
  await tx.done;
  return { before, version, pieces: merged.pieces, effective: merged.effective };
}
