import { useEffect } from 'react';

export const SHARE_PARAM = 'ids';

/** A link that opens this watch list elsewhere: task IDs only (compressed, in the fragment), never a token or user ID. */
export async function shareLink(ids: readonly string[]): Promise<string> {
  const { packIds } = await import('../model/share-codec');
  const url = new URL('/tasks', window.location.origin);
  url.hash = `${SHARE_PARAM}=${await packIds(ids)}`;
  return url.href;
}

/** Drops the shared IDs from the address bar (keeping the query's other parameters), so a reload cannot re-add removed tasks. */
function forgetSharedIds(): void {
  const search = new URLSearchParams(window.location.search);
  search.delete(SHARE_PARAM);
  const query = search.toString();
  window.history.replaceState(window.history.state, '', window.location.pathname + (query ? `?${query}` : ''));
}

type NavigateEvent = Event & { hashChange: boolean; destination: { url: string } };
type Navigation = EventTarget & { addEventListener(type: 'navigate', listener: (e: NavigateEvent) => void): void };

/** Adds the IDs of a shared link to the watch list once (on load, or when a link is pasted into this tab's address bar). */
export function useSharedLinkImport(onAdded: () => void): void {
  useEffect(() => {
    const open = (hash: string, search: string) => void import('./open-shared-list').then((m) => m.openSharedList(hash, search, onAdded));
    const importShared = () => {
      // Read and clear the live address at once: a repeated effect run (StrictMode) must not import twice.
      const { hash, search } = window.location;
      if (!hash.startsWith(`#${SHARE_PARAM}=`) && !new URLSearchParams(search).has(SHARE_PARAM)) return;
      forgetSharedIds();
      open(hash, search);
    };
    // A link pasted into the address bar of this page is taken before the address changes (Navigation
    // API): committing a 2 MB address and then replacing it blocked the page for 0.1–0.9 s.
    const takeLink = (e: NavigateEvent) => {
      if (!e.hashChange || !e.cancelable) return;
      const { url } = e.destination;
      const hash = url.slice(url.indexOf('#'));
      if (!hash.startsWith(`#${SHARE_PARAM}=`)) return;
      e.preventDefault();
      open(hash, '');
    };
    const navigation = (window as { navigation?: Navigation }).navigation;
    importShared();
    navigation?.addEventListener('navigate', takeLink);
    window.addEventListener('hashchange', importShared);
    return () => {
      navigation?.removeEventListener('navigate', takeLink as EventListener);
      window.removeEventListener('hashchange', importShared);
    };
  }, [onAdded]);
}
