import { useCallback, useEffect, useMemo, useState } from 'react';
import { connectionScopeKey } from '@/lib/connection';
import { useActiveConnection } from '@/hooks/use-connection';
import { listViews, onSavedViewsChanged, type SavedView } from './saved-views-store';

type SavedViewsState = { scope: string; views: readonly SavedView[]; loaded: boolean; unavailable: boolean };

/** The profile scope saved views are kept under: the watch list's (gateway URL + user ID). */
export function useSavedViewsScope(): string {
  return connectionScopeKey(useActiveConnection());
}

/**
 * The active profile's saved views, read again whenever they change in this tab or another
 * (the store's BroadcastChannel); `replace` shows a list the caller already has (a reorder's).
 */
export type SavedViewsList = SavedViewsState & { replace: (views: readonly SavedView[]) => void };

export function useSavedViews(scope: string): SavedViewsList {
  const [state, setState] = useState<SavedViewsState>({ scope, views: [], loaded: false, unavailable: false });
  useEffect(() => {
    let alive = true;
    let reading = 0;
    const read = () => {
      const mine = ++reading;
      listViews(scope).then(
        (views) => alive && mine === reading && setState({ scope, views, loaded: true, unavailable: false }),
        () => alive && mine === reading && setState({ scope, views: [], loaded: true, unavailable: true }),
      );
    };
    read();
    const stop = onSavedViewsChanged((changed) => changed === scope && read());
    return () => {
      alive = false;
      stop();
    };
  }, [scope]);
  const replace = useCallback((views: readonly SavedView[]) => setState({ scope, views, loaded: true, unavailable: false }), [scope]);
  // The same object until the list changes: the views panel is memoized on it (poll updates do not render it again).
  return useMemo(
    // Another profile's list is never shown, not even for the render before its own is read.
    () => ({ ...(state.scope === scope ? state : { scope, views: [], loaded: false, unavailable: false }), replace }),
    [state, scope, replace],
  );
}
