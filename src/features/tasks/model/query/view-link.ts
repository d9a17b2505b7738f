import { queryFromUrl, searchWithQuery } from './query-url';
import { queryToControls, withSort } from './query-controls';

/** A view's name in its link (`/tasks?view=3002+last+hour&q=…`); the query and its sort are in `q`. */
export const VIEW_PARAM = 'view';
/** Longest view name and query kept (a link is anyone's text: longer ones are cut, not trusted). */
export const MAX_VIEW_NAME = 80;
export const MAX_VIEW_QUERY = 2_000;

export type ViewSort = { key: string; descending: boolean };
export type LinkedView = { name: string; query: string; sort: ViewSort };

/**
 * A link that opens this view: `origin/tasks?view=…&q=…`. `shareHash` (a share link's `#ids=…`, see
 * hooks/share-link.ts) makes it open the view on the sender's list; without it, on the receiver's own.
 * Only the name, query and sort travel: never a token or user ID.
 */
export function viewLink(origin: string, view: LinkedView, shareHash = ''): string {
  const q = searchWithQuery('', withSort(view.query, view.sort.key, view.sort.descending));
  const name = `${VIEW_PARAM}=${encodeURIComponent(view.name).replace(/%20/g, '+')}`;
  return `${origin}/tasks?${name}${q ? `&${q.slice(1)}` : ''}${shareHash}`;
}

/** The view a link names (its `location.search`), or null; the sort comes apart from the query, as a saved view keeps it. */
export function readViewLink(search: string): LinkedView | null {
  const name = new URLSearchParams(search).get(VIEW_PARAM)?.trim().slice(0, MAX_VIEW_NAME);
  if (!name) return null;
  const text = (queryFromUrl(search) ?? '').slice(0, MAX_VIEW_QUERY);
  const { sort, descending } = queryToControls(text);
  return { name, query: withSort(text, 'list', false), sort: { key: sort, descending } };
}
