import { connectionScopeKey, toConnection } from '@/lib/connection';
import { activeProfile, connectionStore } from '@/lib/connection-store';
import type { StoredValue } from '@/lib/set-aside';

// The views' store (and idb) load with the views' own chunk: only when a panel's start fails does this fetch it.
const views = () => import('./saved-views-store');
const scope = () => connectionScopeKey(toConnection(activeProfile(connectionStore.get())));

/**
 * The active profile's saved views as a value the views panel reads as it starts: set aside
 * (components/panel-boundary.tsx), they are deleted and kept as JSON in the notice.
 */
export const savedViewsStored: StoredValue = {
  kind: 'savedViews',
  async read() {
    const list = await (await views()).listViews(scope());
    return list.length > 0 ? JSON.stringify(list, null, 2) : null;
  },
  async reset() {
    const { listViews, deleteView } = await views();
    const at = scope();
    for (const view of await listViews(at)) await deleteView(at, view.id);
  },
};
