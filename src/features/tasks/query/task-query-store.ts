import { createPersistedStore, local, readJson } from '@/lib/persisted-store';
import { persistedValue, type StoredValue } from '@/lib/set-aside';
import { searchWithQuery } from './query-url';
import { controlsToQuery, type ControlsState } from './language/query-controls';

/** The key the list's view was kept under before the query language (status chips, search, sort). */
const OLD_VIEW_KEY = 'console.tasks.view';

const asString = {
  safeParse: (value: unknown): { success: true; data: string } | { success: false } =>
    typeof value === 'string' ? { success: true, data: value } : { success: false },
};

/** The query a device remembered before the query language, said as a query (empty when none or unreadable). */
function oldViewAsQuery(): string {
  const old = readJson(local(), OLD_VIEW_KEY);
  if (typeof old !== 'object' || old === null) return '';
  const { statuses, search, sort, descending } = old as Partial<Record<keyof ControlsState, unknown>>;
  return controlsToQuery({
    statuses: Array.isArray(statuses) ? statuses.filter((s) => typeof s === 'number' || s === 'unknown' || s === 'invalid') : [],
    search: typeof search === 'string' ? search : '',
    sort: typeof sort === 'string' ? sort : 'list',
    descending: descending === true,
  });
}

/**
 * The watch list's query (filters and sort, one text: docs/query-language.md), remembered on this
 * device. The query box, the status chips, the search field, the sort, saved views and the command
 * palette all read and write this one value; the address's `q` mirrors it (use-task-query.ts).
 */
export const taskQueryStore = createPersistedStore<string>('console.tasks.query', asString, oldViewAsQuery());

/**
 * The query as a value a panel reads as it starts (components/panel-boundary.tsx): set aside, it
 * becomes the empty query, here and in the address (whose `q` would otherwise bring it back).
 */
export const taskQueryStored: StoredValue = {
  ...persistedValue('taskQuery', taskQueryStore, ''),
  reset() {
    taskQueryStore.save('');
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', pathname + searchWithQuery(search, '') + hash);
  },
};
