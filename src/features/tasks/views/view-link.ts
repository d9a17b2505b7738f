import { queryFromUrl, searchWithQuery, queryToControls, withSort, MAX_QUERY_LENGTH } from '../query';
import { encodeUriComponentSafe } from '@/lib/uri-component';
import { VIEW_PARAM } from './view-link-address';
/** Longest view name and query kept (a link is anyone's text: longer ones are cut, not trusted). */
export const MAX_VIEW_NAME = 80;
export const MAX_VIEW_QUERY = MAX_QUERY_LENGTH;

export type ViewSort = { key: string; descending: boolean };
export type LinkedView = { name: string; query: string; sort: ViewSort };

/** The query of a view: its text with its sort as a `sort:` term, as the watch list's query holds it. */
export const viewQuery = (view: Pick<LinkedView, 'query' | 'sort'>): string => withSort(view.query, view.sort.key, view.sort.descending);

/** Whether a saved view is this one: the same name (case aside) and the same query, outer spaces aside. */
export const sameView = (a: Pick<LinkedView, 'name' | 'query' | 'sort'>, b: Pick<LinkedView, 'name' | 'query' | 'sort'>): boolean =>
  a.name.trim().toLocaleLowerCase() === b.name.trim().toLocaleLowerCase() && viewQuery(a).trim() === viewQuery(b).trim();

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

// Direction overrides and isolates (U+202A–U+202E, U+2066–U+2069) could make a name read as something else.
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS = /\p{Cc}+/gu;

/** A name from a link, as plain text on one line, at most MAX_VIEW_NAME characters, never cut through a surrogate pair. */
function linkedName(raw: string): string {
  const name = raw.replace(DIRECTION_CONTROLS, '').replace(CONTROLS, ' ').trim().slice(0, MAX_VIEW_NAME);
  return /[\ud800-\udbff]$/.test(name) ? name.slice(0, -1) : name;
}

/** The view a link names (its `location.search`), or null; the sort comes apart from the query, as a saved view keeps it. */
export function readViewLink(search: string): LinkedView | null {
  const name = linkedName(new URLSearchParams(search).get(VIEW_PARAM) ?? '');
  if (!name) return null;
  const text = (queryFromUrl(search) ?? '').slice(0, MAX_VIEW_QUERY);
  return { name, ...viewParts(text) };
}
