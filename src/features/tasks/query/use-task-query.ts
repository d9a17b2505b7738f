import { useEffect, useLayoutEffect } from 'react';
import { usePathname } from '@/hooks/use-pathname';
import { queryFromUrl, searchWithQuery } from './query-url';
import { taskQueryStore } from './task-query-store';

/** Put the query in the address (replacing, so Back does not step through every keystroke). */
function writeUrl(query: string): void {
  const { pathname, search, hash } = window.location;
  if (pathname !== '/tasks' && !pathname.startsWith('/tasks/')) return;
  const next = searchWithQuery(search, query);
  if (next !== search) window.history.replaceState(window.history.state, '', pathname + next + hash);
}

/**
 * The watch list's query: an address that names one wins (a shared link, an old `?status=…&sort=…`
 * address), else the one remembered on this device; every change goes to both.
 */
export function useTaskQuery(): [query: string, setQuery: (text: string) => void] {
  const query = taskQueryStore.use();
  // Opening or closing a task's details changes the path without the query: it goes back into the address.
  const pathname = usePathname();
  useLayoutEffect(() => {
    const fromUrl = queryFromUrl(window.location.search);
    if (fromUrl !== null) taskQueryStore.save(fromUrl);
  }, []);
  useEffect(() => writeUrl(query), [query, pathname]);
  return [query, taskQueryStore.save];
}
