import { sharesIds } from '../shared-links';

/** A view's name in its link (`/tasks?view=3002+last+hour&q=…`); the query and its sort are in `q`. */
export const VIEW_PARAM = 'view';

/** The address a view link opened the page at: its search, kept as it was, and whether it also carries task IDs. */
export type ViewLinkAddress = { search: string; sharesIds: boolean };

/**
 * The view link the page opened with, or null: read as the page first renders (in the first load: no parsing here),
 * before the board rewrites the address (an over-long `q` leaves it) or a share link's IDs leave it. The opened view
 * reads this copy, so what it shows does not depend on which chunk loads first. `?q=` alone is a query, not a view.
 */
export function viewLinkAddress({ search, hash }: Pick<Location, 'search' | 'hash'>): ViewLinkAddress | null {
  const params = new URLSearchParams(search);
  if (!params.get(VIEW_PARAM)?.trim()) return null;
  return { search, sharesIds: sharesIds(hash, search) };
}
