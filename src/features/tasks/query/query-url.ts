import { STATUS_GROUPS, type StatusGroup } from '../task';
import { controlsToQuery } from './language/query-controls';
import { MAX_QUERY_LENGTH } from './language/query-limits';
import { encodeUriComponentSafe } from '@/lib/uri-component';

/** The query's address parameter: the search field's before the query language, so an old `?q=abc` still means "abc". */
const QUERY_PARAM = 'q';
/** The parameters of the list view before the query language, read into the query and then dropped. */
const OLD_PARAMS = { statuses: 'status', sort: 'sort', descending: 'desc' } as const;

const ALL_GROUPS: readonly StatusGroup[] = [...STATUS_GROUPS, 'unknown', 'invalid'];
const groupsOf = (raw: string): StatusGroup[] => raw.split(',').flatMap((r) => ALL_GROUPS.filter((g) => String(g) === r));

/**
 * The query an address names (its `location.search`), or null when it names none. An old address
 * (`?status=5,6&sort=progress&desc=1&q=abc`) becomes the query that says the same.
 */
export function queryFromUrl(search: string): string | null {
  const p = new URLSearchParams(search);
  const old = Object.values(OLD_PARAMS).some((k) => p.has(k));
  if (!old) return p.get(QUERY_PARAM);
  return controlsToQuery({
    statuses: groupsOf(p.get(OLD_PARAMS.statuses) ?? ''),
    search: p.get(QUERY_PARAM) ?? '',
    sort: p.get(OLD_PARAMS.sort) ?? 'list',
    descending: p.get(OLD_PARAMS.descending) === '1',
  });
}

/** `q` as people can read it in the address bar: spaces as +, colons and commas as they are. */
const encodeQuery = (query: string) => encodeUriComponentSafe(query).replace(/%20/g, '+').replace(/%3A/gi, ':').replace(/%2C/gi, ',');

/**
 * The address's search part with this query in `q` (none when empty) and the old view parameters dropped; others kept.
 * A query past MAX_QUERY_LENGTH is left out: it is not applied, and an address that long can be refused (431) on reload.
 * The device keeps it (task-query-store.ts), so the box still shows it.
 */
export function searchWithQuery(search: string, query: string): string {
  const p = new URLSearchParams(search);
  p.delete(QUERY_PARAM);
  for (const k of Object.values(OLD_PARAMS)) p.delete(k);
  const rest = p.toString();
  const text = query.trim();
  const q = text && text.length <= MAX_QUERY_LENGTH ? `${QUERY_PARAM}=${encodeQuery(text)}` : '';
  const all = [rest, q].filter(Boolean).join('&');
  return all ? `?${all}` : '';
}
