import * as z from 'zod/mini';
import { hasTaskIdPrefix } from '@/contract';
import { createStore, local, readJson, writeJson } from '@/lib/persisted-store';

export const MAX_WATCHED_TASKS = 100_000;
/** Where the one list lived before lists belonged to profiles; moved into the active profile's list once. */
const LEGACY_KEY = 'console.tasks.watch-list';

/** The active profile's watch list: `scope` names the profile (gateway URL + user ID); `loaded` once IndexedDB answered. */
export type WatchListState = { scope: string; ids: readonly string[]; loaded: boolean };

export const watchListStore = createStore<WatchListState>({ scope: '', ids: [], loaded: false });

const db = () => import('./watch-list-db');
let ready: Promise<void> = Promise.resolve();
// Writes of one list go out one after another, so an older list never lands after a newer one.
let writing: Promise<unknown> = Promise.resolve();

function legacyIds(): string[] {
  const parsed = z.array(z.string()).safeParse(readJson(local(), LEGACY_KEY));
  return parsed.success ? parsed.data.filter(hasTaskIdPrefix) : [];
}

const merge = (base: readonly string[], more: readonly string[]) => [...new Set([...base, ...more])].slice(0, MAX_WATCHED_TASKS);

function persist(scope: string, ids: readonly string[]): void {
  // A task of its own: copying 100,000 IDs into IndexedDB (~30 ms) would otherwise add to the render of the change.
  const later = () => new Promise((resolve) => setTimeout(resolve));
  writing = writing
    .then(later)
    .then(() => db().then((m) => m.writeWatchList(scope, ids)))
    .catch(() => undefined);
}

/**
 * Switch to a profile's list (the watcher calls this whenever the active profile changes). The old
 * single list goes to the first profile opened with a user ID (one without cannot ask for anything).
 */
export function openWatchList(scope: string, takeLegacy: boolean): Promise<void> {
  if (watchListStore.get().scope === scope) return ready;
  watchListStore.set({ scope, ids: [], loaded: false });
  ready = (async () => {
    let stored: string[] = [];
    let durable = true;
    try {
      stored = await (await db()).readWatchList(scope);
    } catch {
      durable = false; // No IndexedDB (private mode, tests): the list lives for this page only.
    }
    const legacy = takeLegacy ? legacyIds() : [];
    const ids = merge(stored, legacy);
    if (watchListStore.get().scope !== scope) return;
    watchListStore.set({ scope, ids, loaded: true });
    if (legacy.length > 0 && durable) {
      persist(scope, ids);
      await writing;
      writeJson(local(), LEGACY_KEY, undefined);
    }
  })();
  return ready;
}

/** Settles once the active list has loaded, so nothing added at start-up is lost. */
export const whenWatchListReady = (): Promise<void> => ready;

export function saveWatchList(ids: readonly string[]): void {
  const { scope } = watchListStore.get();
  watchListStore.set({ scope, ids, loaded: true });
  persist(scope, ids);
}

export function removeFromWatchList(ids: Iterable<string>): void {
  const drop = new Set(ids);
  if (drop.size > 0) saveWatchList(watchListStore.get().ids.filter((id) => !drop.has(id)));
}

export function useWatchList(): WatchListState {
  return watchListStore.use();
}
