// The watch list's signals (tab title, desktop notices) load after the first paint. The import() names the module
// itself and reads its export on the spot (no namespace object in the chunk).
export const loadWatchListSignals = () => import('./watch-list-signals').then((m) => ({ default: m.WatchListSignals }));
