import { useEffect, useLayoutEffect, useRef } from 'react';
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
 * How long the address waits for a new query to settle: one history write per pause in typing, not one per commit of the
 * box (each is a call into the browser, 5–20 ms of the main thread at 100,000 rows on a loaded machine: issue 38).
 * A page hidden or left meanwhile (a reload) writes it at once.
 */
const URL_SETTLE_MS = 1_000;

/**
 * The watch list's query: an address that names one wins (a shared link, an old `?status=…&sort=…`
 * address), else the one remembered on this device; every change goes to both.
 */
export function useTaskQuery(): [query: string, setQuery: (text: string) => void] {
  const query = taskQueryStore.use();
  // Opening or closing a task's details changes the path without the query: it goes back into the address.
  const pathname = usePathname();
  // What the address says (or is about to): a query unlike it is written after a pause, the same one at once.
  const written = useRef({ query, pathname });
  useLayoutEffect(() => {
    const fromUrl = queryFromUrl(window.location.search);
    if (fromUrl !== null) taskQueryStore.save(fromUrl);
    written.current = { query: taskQueryStore.get(), pathname: written.current.pathname };
  }, []);
  useEffect(() => {
    // A new path (details opened or closed) gets the query back at once; a new query after a pause.
    const pathChanged = written.current.pathname !== pathname;
    const write = () => {
      written.current = { query, pathname };
      writeUrl(query);
    };
    if (pathChanged || written.current.query === query) {
      write();
      return;
    }
    const timer = setTimeout(write, URL_SETTLE_MS);
    window.addEventListener('pagehide', write);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', write);
    };
  }, [query, pathname]);
  return [query, taskQueryStore.save];
}
