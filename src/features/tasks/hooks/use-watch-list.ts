import { watchListStore, type WatchListState } from '../stores/watch-list-store';

export function useWatchList(): WatchListState {
  return watchListStore.use();
}
