import { useEffect, useLayoutEffect } from 'react';
import * as z from 'zod/mini';
import { createPersistedStore } from '@/lib/persisted-store';
import { STATUS_GROUPS, type StatusGroup } from '../model/status-group';

/** How the operator looks at the list: kept in the address (shareable) and remembered on this device. */
export type TaskView = { sort: string; descending: boolean; statuses: readonly StatusGroup[]; search: string };

const ALL_GROUPS: readonly StatusGroup[] = [...STATUS_GROUPS, 'unknown', 'invalid'];
const toGroup = (raw: string | number): StatusGroup | undefined => ALL_GROUPS.find((g) => String(g) === String(raw));
const groupsOf = (raw: (string | number)[]): StatusGroup[] => raw.map(toGroup).filter((g): g is StatusGroup => g !== undefined);

const DEFAULT_VIEW: TaskView = { sort: 'list', descending: false, statuses: [], search: '' };

const schema = z.object({
  sort: z.catch(z.string(), 'list'),
  descending: z.catch(z.boolean(), false),
  statuses: z.catch(z.pipe(z.array(z.union([z.string(), z.number()])), z.transform(groupsOf)), []),
  search: z.catch(z.string(), ''),
});

export const taskViewStore = createPersistedStore<TaskView>('console.tasks.view', schema, DEFAULT_VIEW);

const PARAMS = { sort: 'sort', descending: 'desc', statuses: 'status', search: 'q' } as const;

/** The view named in the address, if it names one (?sort=progress&desc=1&status=5,6&q=abc). */
function viewFromUrl(): TaskView | null {
  const p = new URLSearchParams(window.location.search);
  if (!Object.values(PARAMS).some((k) => p.has(k))) return null;
  return {
    sort: p.get(PARAMS.sort) ?? 'list',
    descending: p.get(PARAMS.descending) === '1',
    statuses: groupsOf((p.get(PARAMS.statuses) ?? '').split(',')),
    search: p.get(PARAMS.search) ?? '',
  };
}

function writeUrl(view: TaskView): void {
  const url = new URL(window.location.href);
  for (const k of Object.values(PARAMS)) url.searchParams.delete(k);
  if (view.sort !== 'list') url.searchParams.set(PARAMS.sort, view.sort);
  if (view.descending) url.searchParams.set(PARAMS.descending, '1');
  if (view.statuses.length) url.searchParams.set(PARAMS.statuses, view.statuses.join(','));
  if (view.search) url.searchParams.set(PARAMS.search, view.search);
  const next = url.pathname + url.search + url.hash;
  if (next !== window.location.pathname + window.location.search + window.location.hash)
    window.history.replaceState(window.history.state, '', next);
}

/** The list's view: an address that names one wins (a shared view), else the remembered one; every change goes to both. */
export function useTaskView(): [TaskView, (patch: Partial<TaskView>) => void] {
  const view = taskViewStore.use();
  useLayoutEffect(() => {
    const fromUrl = viewFromUrl();
    if (fromUrl) taskViewStore.save(fromUrl);
  }, []);
  useEffect(() => writeUrl(view), [view]);
  return [view, taskViewStore.update];
}
