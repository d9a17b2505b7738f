import * as z from 'zod/mini';
import { hasTaskIdPrefix } from '@/contract';
import { createStore, local, readJson, writeJson } from '@/lib/persisted-store';

const KEY = 'console.tasks.watch-list';
export const MAX_WATCHED_TASKS = 20_000;

const storedSchema = z.array(z.string());

function load(): string[] {
  const parsed = storedSchema.safeParse(readJson(local(), KEY));
  return parsed.success ? [...new Set(parsed.data.filter(hasTaskIdPrefix))].slice(0, MAX_WATCHED_TASKS) : [];
}

/** The watched task IDs, in the order they were added; kept in localStorage (IDs only, never a token). */
export const watchListStore = createStore<readonly string[]>(load());

function save(ids: readonly string[]) {
  writeJson(local(), KEY, ids);
  watchListStore.set(ids);
}

export type AddResult = { added: number; alreadyWatched: number; overLimit: number };

export function addToWatchList(ids: readonly string[]): AddResult {
  const current = watchListStore.get();
  const known = new Set(current);
  const fresh = ids.filter((id) => !known.has(id));
  const room = Math.max(0, MAX_WATCHED_TASKS - current.length);
  const added = fresh.slice(0, room);
  if (added.length > 0) save([...current, ...added]);
  return { added: added.length, alreadyWatched: ids.length - fresh.length, overLimit: fresh.length - added.length };
}

export function removeFromWatchList(ids: Iterable<string>): void {
  const drop = new Set(ids);
  if (drop.size > 0) save(watchListStore.get().filter((id) => !drop.has(id)));
}

export function useWatchList(): readonly string[] {
  return watchListStore.use();
}
