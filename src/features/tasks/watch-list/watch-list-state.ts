import { createStore } from '@/lib/persisted-store';
import type { WatchListChange } from './watch-list-merge';

export const MAX_WATCHED_TASKS = 100_000;

/** The active profile's watch list: `scope` names the profile (gateway URL + user ID); `loaded` once IndexedDB answered. */
export type WatchListState = { scope: string; ids: readonly string[]; loaded: boolean };

export const watchListStore = createStore<WatchListState>({ scope: '', ids: [], loaded: false });

/**
 * This tab's changes not yet written, oldest first, each with its profile: the list on screen is the
 * stored list with these applied, so a change heard from another tab is applied under them (see
 * watch-list-sync.ts), and what the operator just did is not lost.
 */
export const unsaved: { scope: string; change: WatchListChange }[] = [];
