import { useEffect } from 'react';
import { SHARE_PARAM } from './share-param';

/** Drops the shared IDs from the address bar (keeping the query's other parameters), so a reload cannot re-add removed tasks. */
function forgetSharedIds(): void {
  const search = new URLSearchParams(window.location.search);
  search.delete(SHARE_PARAM);
  const query = search.toString();
  window.history.replaceState(window.history.state, '', window.location.pathname + (query ? `?${query}` : ''));
}

type NavigateEvent = Event & { hashChange: boolean; destination: { url: string } };

/** Adds the IDs of a shared link to the watch list once (on load, or when a link is pasted into this tab's address bar). */
export function useSharedLinkImport(onAdded: () => void): void {
  useEffect(() => {
    const take = (hash: string, search: string) => {
      if (!hash.startsWith(`#${SHARE_PARAM}=`) && !new URLSearchParams(search).has(SHARE_PARAM)) return false;
      void import('./open-shared-list').then((m) => m.openSharedList(hash, search, onAdded));
      return true;
    };
    // Read and clear the live address at once: a repeated effect run (StrictMode) must not import twice.
    const importShared = () => take(window.location.hash, window.location.search) && forgetSharedIds();
    // A link pasted into this page's address bar is taken before the address changes (Navigation API):
    // committing a 2 MB address and then replacing it blocked the page for 0.1–0.9 s.
    const takeLink = (e: Event) => {
      const { hashChange, cancelable, destination } = e as NavigateEvent;
      if (hashChange && cancelable && take(destination.url.slice(destination.url.indexOf('#')), '')) e.preventDefault();
    };
    const navigation = (window as { navigation?: EventTarget }).navigation;
    importShared();
    navigation?.addEventListener('navigate', takeLink);
    window.addEventListener('hashchange', importShared);
    return () => {
      navigation?.removeEventListener('navigate', takeLink);
      window.removeEventListener('hashchange', importShared);
    };
  }, [onAdded]);
}
