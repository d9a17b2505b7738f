import type { addTextToWatchList } from './add-to-watch-list';

/**
 * Adds text's IDs to the watch list, loading the adding (extraction, appended rows) on first use: the import() names
 * the module itself, so the add form's first load stays without it.
 */
export const addTextToWatchListLater = (...args: Parameters<typeof addTextToWatchList>) =>
  import('./add-to-watch-list').then((m) => m.addTextToWatchList(...args));
