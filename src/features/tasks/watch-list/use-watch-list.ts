import { watchListStore, type WatchListState } from './watch-list-store';

export function useWatchList(): WatchListState {
  return watchListStore.use();
}
