import { queryFromUrl, searchWithQuery, queryToControls, withSort, MAX_QUERY_LENGTH } from '../query';
import { encodeUriComponentSafe } from '@/lib/uri-component';

/** A view's name in its link (`/tasks?view=3002+last+hour&q=…`); the query and its sort are in `q`. */
export const VIEW_PARAM = 'view';
/** Longest view name and query kept (a link is anyone's text: longer ones are cut, not trusted). */
export const MAX_VIEW_NAME = 80;
export const MAX_VIEW_QUERY = MAX_QUERY_LENGTH;

export type ViewSort = { key: string; descending: boolean };
export type LinkedView = { name: string; query: string; sort: ViewSort };

/** The query of a view: its text with its sort as a `sort:` term, as the watch list's query holds it. */
export const viewQuery = (view: Pick<LinkedView, 'query' | 'sort'>): string => withSort(view.query, view.sort.key, view.sort.descending);

/** A query (the list's, or a link's) as a view keeps it: the text without its sort, and the sort apart (viewQuery's inverse). */
export function viewParts(text: string): Pick<LinkedView, 'query' | 'sort'> {
  const { sort, descending } = queryToControls(text);
  return { query: withSort(text, 'list', false), sort: { key: sort, descending } };
}

/**
 * A link that opens this view: `origin/tasks?view=…&q=…`. `shareHash` (a share link's `#ids=…`, see
 * shared-links/share-link.ts) makes it open the view on the sender's list; without it, on the receiver's own.
 * Only the name, query and sort travel: never a token or user ID.
 */
export function viewLink(origin: string, view: LinkedView, shareHash = ''): string {
  const q = searchWithQuery('', viewQuery(view));
  const name = `${VIEW_PARAM}=${encodeUriComponentSafe(view.name).replace(/%20/g, '+')}`;
  return `${origin}/tasks?${name}${q ? `&${q.slice(1)}` : ''}${shareHash}`;
}

/** The view a link names (its `location.search`), or null; the sort comes apart from the query, as a saved view keeps it. */
export function readViewLink(search: string): LinkedView | null {
  const name = new URLSearchParams(search).get(VIEW_PARAM)?.trim().slice(0, MAX_VIEW_NAME);
  if (!name) return null;
  const text = (queryFromUrl(search) ?? '').slice(0, MAX_VIEW_QUERY);
  return { name, ...viewParts(text) };
}
