import { announce } from '../announcer';
import type { WatchListChange } from './watch-list-merge';
import { MAX_WATCHED_TASKS, unsaved, watchListStore } from './watch-list-state';

export { MAX_WATCHED_TASKS, watchListStore, type WatchListState } from './watch-list-state';

const loader = () => import('./load-watch-list');
const sync = () => import('./watch-list-sync');
let ready: Promise<void> = Promise.resolve();

/**
 * Switch to a profile's list (the watcher calls this whenever the active profile changes). The old
 * single list, and the lists of no user (IDs added before setup, such as a share link opened first),
 * go to the first profile opened with a user ID (one without cannot ask for anything), which says so.
 * Changes other tabs make to the list are heard from before it is read (see watch-list-sync.ts).
 */
export function openWatchList(scope: string, takeLegacy: boolean): Promise<void> {
  if (watchListStore.get().scope === scope) return ready;
  watchListStore.set({ scope, ids: [], loaded: false });
  ready = (async () => {
    // Not fetched: as without IndexedDB, the list lives for this page only.
    const chunks = await Promise.all([sync(), loader()]).catch(() => null);
    chunks?.[0].follow(scope);
    // What this tab added before (to a list of no user, about to be moved here) is written first.
    if (chunks && takeLegacy) await chunks[0].save();
    const { ids, version, writes, forgetLegacy, said } = chunks
      ? await chunks[1].loadWatchList(scope, takeLegacy, MAX_WATCHED_TASKS)
      : { ids: [], version: 0, writes: [], forgetLegacy: null, said: '' };
    if (watchListStore.get().scope !== scope) return;
    watchListStore.set({ scope, ids, loaded: true });
    if (!chunks) return;
    chunks[0].followFrom(scope, version);
    if (writes.length > 0) {
      unsaved.push(...writes);
      await chunks[0].save();
      forgetLegacy?.();
    }
    if (said) announce(said);
  })();
  return ready;
}

/** Settles once the active list has loaded, so nothing added at start-up is lost. */
export const whenWatchListReady = (): Promise<void> => ready;

/** Shows `ids`, the list on screen with `change` made, and writes the change (not the list) in a task of its own. */
export function saveWatchList(ids: readonly string[], change: WatchListChange): void {
  const { scope } = watchListStore.get();
  watchListStore.set({ scope, ids, loaded: true });
  unsaved.push({ scope, change });
  void sync()
    .then((m) => m.save())
    .catch(() => unsaved.splice(0)); // Not fetched: as without IndexedDB, the list lives for this page only.
}

export function removeFromWatchList(ids: Iterable<string>): void {
  const drop = new Set(ids);
  if (drop.size > 0)
    saveWatchList(
      watchListStore.get().ids.filter((id) => !drop.has(id)),
      { added: [], removed: [...drop] },
    );
}
