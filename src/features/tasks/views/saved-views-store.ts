import type { DBSchema } from 'idb';
import { lazyDatabase, tabChannel, withStringField } from '@/lib/tab-synced-db';
import { MAX_VIEW_NAME, MAX_VIEW_QUERY, type ViewSort } from './view-link';

// Loaded on demand with the query UI (issue 28), so idb and this stay out of the first visit.

/** Most views a profile keeps. */
export const MAX_SAVED_VIEWS = 50;

/** A named query + sort (+ which overview parts are open), one profile's; `order` places it in the list. */
export type SavedView = { id: string; name: string; query: string; sort: ViewSort; openParts: readonly string[]; order: number };
export type ViewDraft = Omit<SavedView, 'id' | 'order'>;

/** Why a change was refused, as data for the UI to word (docs/query-language.md). */
export type ViewProblem =
  | { code: 'tooManyViews'; max: number }
  | { code: 'emptyName' }
  | { code: 'nameTooLong'; max: number }
  | { code: 'duplicateName'; name: string }
  | { code: 'queryTooLong'; max: number }
  | { code: 'noSuchView'; id: string };
export type ViewResult<T> = { ok: true; value: T } | { ok: false; problem: ViewProblem };

type Stored = SavedView & { scope: string };
interface SavedViewsDb extends DBSchema {
  // Keyed by [profile scope, view ID]: each profile (gateway URL + user ID) keeps its own views.
  views: { key: [string, string]; value: Stored; indexes: { scope: string } };
}

const db = lazyDatabase<SavedViewsDb>(
  'console.tasks.saved-views',
  1,
  (d) => void d.createObjectStore('views', { keyPath: ['scope', 'id'] }).createIndex('scope', 'scope'),
);

// Anything may arrive on a channel: only a { scope: string } is taken.
const tabs = tabChannel('console.tasks.saved-views', withStringField('scope'));

/** Calls `listener` with a profile's scope whenever its views change, in this tab or another; returns the unsubscribe. */
export const onSavedViewsChanged = (listener: (scope: string) => void): (() => void) => tabs.subscribe(({ scope }) => listener(scope));

/** Tells this tab's listeners and the other tabs. */
const changed = (scope: string): void => tabs.publish({ scope });

const isString = (x: unknown): x is string => typeof x === 'string';

/** A stored record that is a whole view (a damaged or foreign one is skipped, not shown). */
function wellFormed(v: Stored): boolean {
  const { id, name, query, sort, openParts, order } = v as Partial<Record<keyof Stored, unknown>>;
  const s = sort as { key?: unknown; descending?: unknown } | null | undefined;
  return (
    isString(id) &&
    isString(name) &&
    isString(query) &&
    isString(s?.key) &&
    typeof s.descending === 'boolean' &&
    Array.isArray(openParts) &&
    openParts.every(isString) &&
    Number.isFinite(order)
  );
}

const viewsOf = (stored: Stored[]): SavedView[] => stored.filter(wellFormed).map(({ scope: _scope, ...view }) => view);
const byOrder = (a: SavedView, b: SavedView) => a.order - b.order;

/** One profile's views, in their order. */
export async function listViews(scope: string): Promise<SavedView[]> {
  return viewsOf(await (await db()).getAllFromIndex('views', 'scope', scope)).sort(byOrder);
}

function nameProblem(name: string, others: readonly SavedView[]): ViewProblem | null {
  if (!name) return { code: 'emptyName' };
  if (name.length > MAX_VIEW_NAME) return { code: 'nameTooLong', max: MAX_VIEW_NAME };
  const folded = name.toLocaleLowerCase();
  return others.some((v) => v.name.toLocaleLowerCase() === folded) ? { code: 'duplicateName', name } : null;
}

/** Saves a new view at the end of the list; refused past MAX_SAVED_VIEWS, or for a name empty, too long or taken. */
export async function saveView(scope: string, draft: ViewDraft): Promise<ViewResult<SavedView>> {
  const tx = (await db()).transaction('views', 'readwrite');
  // Read and written in one transaction, so two tabs saving at once cannot pass 50 or take one name twice.
  const views = viewsOf(await tx.store.index('scope').getAll(scope));
  const name = draft.name.trim();
  const problem: ViewProblem | null =
    views.length >= MAX_SAVED_VIEWS
      ? { code: 'tooManyViews', max: MAX_SAVED_VIEWS }
      : draft.query.length > MAX_VIEW_QUERY
        ? { code: 'queryTooLong', max: MAX_VIEW_QUERY }
        : nameProblem(name, views);
  if (problem) {
    await tx.done;
    return { ok: false, problem };
  }
  const view: SavedView = {
    id: crypto.randomUUID(),
    name,
    query: draft.query,
    sort: { key: draft.sort.key, descending: draft.sort.descending },
    openParts: [...draft.openParts],
    order: views.reduce((max, v) => Math.max(max, v.order + 1), 0),
  };
  await tx.store.put({ ...view, scope });
  await tx.done;
  changed(scope);
  return { ok: true, value: view };
}

export async function renameView(scope: string, id: string, newName: string): Promise<ViewResult<SavedView>> {
  const tx = (await db()).transaction('views', 'readwrite');
  const views = viewsOf(await tx.store.index('scope').getAll(scope));
  const view = views.find((v) => v.id === id);
  const name = newName.trim();
  const problem: ViewProblem | null = view
    ? nameProblem(
        name,
        views.filter((v) => v.id !== id),
      )
    : { code: 'noSuchView', id };
  if (problem || !view) {
    await tx.done;
    return { ok: false, problem: problem! };
  }
  const renamed = { ...view, name };
  await tx.store.put({ ...renamed, scope });
  await tx.done;
  changed(scope);
  return { ok: true, value: renamed };
}

/** Puts the views in the order of `ids` (IDs not named keep their order, after those named); returns the new list. */
export async function reorderViews(scope: string, ids: readonly string[]): Promise<SavedView[]> {
  const tx = (await db()).transaction('views', 'readwrite');
  const views = viewsOf(await tx.store.index('scope').getAll(scope)).sort(byOrder);
  const rank = (v: SavedView) => {
    const i = ids.indexOf(v.id);
    return i === -1 ? ids.length : i;
  };
  const ordered = [...views].sort((a, b) => rank(a) - rank(b) || a.order - b.order).map((v, order) => ({ ...v, order }));
  for (const v of ordered) if (v.order !== views.find((w) => w.id === v.id)!.order) void tx.store.put({ ...v, scope });
  await tx.done;
  changed(scope);
  return ordered;
}

/** Deletes a view (a view already gone is not an error: another tab may have deleted it). */
export async function deleteView(scope: string, id: string): Promise<void> {
  await (await db()).delete('views', [scope, id]);
  changed(scope);
}
