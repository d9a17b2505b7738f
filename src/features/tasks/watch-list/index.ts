// The watch list: its store, its IndexedDB pieces, loading, and keeping tabs in step.
export { useWatchList } from './use-watch-list';
export { MAX_WATCHED_TASKS, watchListStore } from './watch-list-state';
export { openWatchList, removeFromWatchList, saveWatchList, whenWatchListReady } from './watch-list-store';
