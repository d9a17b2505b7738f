import { useEffect } from 'react';
import { announce } from '../stores/announcer-store';

const SHARE_PARAM = 'ids';

/** A link that opens this watch list elsewhere: task IDs only (compressed, in the fragment), never a token or user ID. */
export async function shareLink(ids: readonly string[]): Promise<string> {
  const { packIds } = await import('../model/share-codec');
  const url = new URL('/tasks', window.location.origin);
  url.hash = `${SHARE_PARAM}=${await packIds(ids)}`;
  return url.href;
}

/**
 * The shared IDs in the address (#ids=… or, from older links, ?ids=…), as text to extract from; null when
 * there are none. The fragment is split by hand: parsing a 2 MB one (100,000 IDs) as a URL takes ~0.5 s.
 */
async function sharedText(): Promise<string | null> {
  const param = window.location.hash
    .slice(1)
    .split('&')
    .find((p) => p.startsWith(`${SHARE_PARAM}=`));
  if (param !== undefined) return (await import('../model/share-codec')).unpackIds(decodeURIComponent(param.slice(SHARE_PARAM.length + 1)));
  return new URLSearchParams(window.location.search).get(SHARE_PARAM);
}

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
    const importShared = () => {
      // Read and clear the live address at once: a repeated effect run (StrictMode) must not import twice.
      const present = window.location.hash.startsWith(`#${SHARE_PARAM}=`) || new URLSearchParams(window.location.search).has(SHARE_PARAM);
      if (!present) return;
      const text = sharedText();
      forgetSharedIds();
      void Promise.all([text, import('../stores/add-to-watch-list')])
        .then(async ([raw, { addTextToWatchList }]) => {
          announce('Opening a shared list…');
          const { result } = await addTextToWatchList(raw ?? '');
          const already = result.alreadyWatched ? `, ${result.alreadyWatched} already watched` : '';
          announce(`Opened a shared list: added ${result.added} task${result.added === 1 ? '' : 's'}${already}`);
          if (result.added > 0) onAdded();
        })
        .catch(() => announce('This share link is damaged: no task IDs could be read from it'));
    };
    importShared();
    window.addEventListener('hashchange', importShared);
    return () => window.removeEventListener('hashchange', importShared);
  }, [onAdded]);
}
