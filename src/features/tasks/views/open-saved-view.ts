import { createStore } from '@/lib/persisted-store';
import { viewQuery } from './view-link';
import type { SavedView } from './saved-views-store';
import { taskQueryStore } from '../query';
import { knownParts, overviewPartsStore } from '../overview';

/** The saved view opened last, from the views list or the palette (its ID): marked current while the query is still its. */
export const openedViewStore = createStore<string | null>(null);

/**
 * Opens a saved view on the watch list: its query (and sort) becomes the list's, and the overview's open parts become
 * exactly its. For the views list and the command palette alike.
 */
export function openSavedView(view: SavedView): void {
  openedViewStore.set(view.id);
  taskQueryStore.save(viewQuery(view));
  overviewPartsStore.set(knownParts(view.openParts));
}
