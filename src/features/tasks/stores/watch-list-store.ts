import { createStore } from '@/lib/persisted-store';

export const MAX_WATCHED_TASKS = 100_000;

/** The active profile's watch list: `scope` names the profile (gateway URL + user ID); `loaded` once IndexedDB answered. */
export type WatchListState = { scope: string; ids: readonly string[]; loaded: boolean };

export const watchListStore = createStore<WatchListState>({ scope: '', ids: [], loaded: false });

const db = () => import('./watch-list-db');
const loader = () => import('./load-watch-list');
let ready: Promise<void> = Promise.resolve();
// Writes of one list go out one after another, so an older list never lands after a newer one.
let writing: Promise<unknown> = Promise.resolve();

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
    const { ids, durable, older, forgetLegacy } = await loader()
      .then((m) => m.loadWatchList(scope, takeLegacy, MAX_WATCHED_TASKS))
      // The loader could not be fetched: as without IndexedDB, the list lives for this page only.
      .catch(() => ({ ids: [], durable: false, older: false, forgetLegacy: null }));
    if (watchListStore.get().scope !== scope) return;
    watchListStore.set({ scope, ids, loaded: true });
    // A list in an older form (one piece, or the list in localStorage) is written again as pieces.
    if (older && durable) {
      persist(scope, ids);
      await writing;
      forgetLegacy?.();
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
