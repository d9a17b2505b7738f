import { useLayoutEffect, useState } from 'react';
import { readViewLink, viewQuery, type LinkedView } from './view-link';
import { VIEW_PARAM } from './view-link-address';
import { searchWithQuery } from '../query';

/**
 * The view a link opened (`/tasks?view=…&q=…`), read once from `openedWith`, the address the page opened at
 * (viewLinkAddress), not the live one: the board may have rewritten it already (an over-long `q` leaves the address),
 * and which chunk loads first must not change what the view is. Its query (cut and parsed as readViewLink does)
 * becomes the watch list's, and `view` leaves the address (the query stays in `q`), so a reload or a later change of
 * the query does not claim to be that view. Returns it, and a way to forget it (the banner's Close).
 */
export function useOpenedViewLink(openedWith: string, setQuery: (query: string) => void): [LinkedView | null, () => void] {
  const [linked, setLinked] = useState(() => readViewLink(openedWith));
  useLayoutEffect(() => {
    if (!linked) return;
    const query = viewQuery(linked);
    const params = new URLSearchParams(window.location.search);
    params.delete(VIEW_PARAM);
    // The cut query in the address too: whatever reads `q` after this reads what the view is.
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', pathname + searchWithQuery(`?${params}`, query) + hash);
    setQuery(query);
    // Once, for the address the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [linked, () => setLinked(null)];
}
