import { useEffect } from 'react';
import { SHARE_PARAM, sharesIds } from './share-param';
import { takeSharedLinks } from './capture-shared-links';

/** Drops the shared IDs from the address bar (keeping the query's other parameters), so a reload cannot re-add removed tasks. */
function forgetSharedIds(): void {
  const search = new URLSearchParams(window.location.search);
  search.delete(SHARE_PARAM);
  const query = search.toString();
  window.history.replaceState(window.history.state, '', window.location.pathname + (query ? `?${query}` : ''));
}

/** Adds the IDs of a shared link to the watch list once (on load, or when a link is pasted into this tab's address bar). */
export function useSharedLinkImport(onAdded: () => void): void {
  useEffect(() => {
    const take = (hash: string, search: string) => {
      if (!sharesIds(hash, search)) return false;
      void import('./open-shared-list').then((m) => m.openSharedList(hash, search, onAdded));
      return true;
    };
    // Read and clear the live address at once: a repeated effect run (StrictMode) must not import twice.
    const importShared = () => take(window.location.hash, window.location.search) && forgetSharedIds();
    importShared();
    // A link pasted into the address bar is taken before the address changes (capture-shared-links.ts); without the
    // Navigation API it arrives as a hash change.
    const stop = takeSharedLinks((hash) => take(hash, ''));
    window.addEventListener('hashchange', importShared);
    return () => {
      stop();
      window.removeEventListener('hashchange', importShared);
    };
  }, [onAdded]);
}
