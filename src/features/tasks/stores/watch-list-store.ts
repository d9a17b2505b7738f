import * as z from 'zod/mini';
import { hasTaskIdPrefix } from '@/contract';
import { createPersistedStore } from '@/lib/persisted-store';

const MAX_WATCHED_TASKS = 20_000;

// Unusable entries (not an ID, repeated, past the cap) are dropped on read rather than losing the whole list.
const schema = z.pipe(
  z.array(z.string()),
  z.transform((ids) => [...new Set(ids.filter(hasTaskIdPrefix))].slice(0, MAX_WATCHED_TASKS)),
);

/** The watched task IDs, in the order they were added (IDs only, never a token). */
export const watchListStore = createPersistedStore<readonly string[]>('console.tasks.watch-list', schema, []);

export type AddResult = { added: number; alreadyWatched: number; overLimit: number };

export function addToWatchList(ids: readonly string[]): AddResult {
  const current = watchListStore.get();
  const known = new Set(current);
  const fresh = ids.filter((id) => !known.has(id));
  const room = Math.max(0, MAX_WATCHED_TASKS - current.length);
  const added = fresh.slice(0, room);
  if (added.length > 0) watchListStore.save([...current, ...added]);
  return { added: added.length, alreadyWatched: ids.length - fresh.length, overLimit: fresh.length - added.length };
}

export function removeFromWatchList(ids: Iterable<string>): void {
  const drop = new Set(ids);
  if (drop.size > 0) watchListStore.save(watchListStore.get().filter((id) => !drop.has(id)));
}

export function useWatchList(): readonly string[] {
  return watchListStore.use();
}
