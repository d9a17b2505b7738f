import { useEffect } from 'react';
import { navigate, useSearch } from '@/lib/router';
import { addToWatchList } from '../stores/watch-list-store';
import { announce } from '../stores/announcer-store';

const SHARE_PARAM = 'ids';

/** A link that opens this watch list elsewhere: task IDs only, never a token or user ID. */
export function shareLink(ids: readonly string[]): string {
  const url = new URL('/tasks', window.location.origin);
  url.searchParams.set(SHARE_PARAM, ids.join(','));
  return url.href;
}

/** Adds the IDs of a shared link to the watch list once, then drops them from the address bar so a reload cannot re-add removed tasks. */
export function useSharedLinkImport(onAdded: () => void): void {
  const search = useSearch();
  useEffect(() => {
    // Read the live address, not `search`: a repeated effect run (StrictMode) must not import twice.
    const raw = new URLSearchParams(window.location.search).get(SHARE_PARAM);
    if (raw === null) return;
    navigate('/tasks', { replace: true });
    void import('../model/extract-task-ids').then(async ({ extractTaskIds }) => {
      const result = await addToWatchList(extractTaskIds(raw).ids);
      const already = result.alreadyWatched ? `, ${result.alreadyWatched} already watched` : '';
      announce(`Opened a shared list: added ${result.added} task${result.added === 1 ? '' : 's'}${already}`);
      if (result.added > 0) onAdded();
    });
  }, [search, onAdded]);
}
