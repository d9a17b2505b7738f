import { Suspense, type ComponentProps } from 'react';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';

// A chunk of its own (the views' store, idb, the query parser and counting), so the list never waits for it.
const SavedViews = lazyWithMessages('tasks', () => import('./saved-views').then((m) => ({ default: m.SavedViews })));

/** The saved views beside the watch list, loaded after the board (task-board.tsx mounts this). */
export function SavedViewsLazy(props: ComponentProps<typeof SavedViews>) {
  return (
    <Suspense fallback={null}>
      <SavedViews {...props} />
    </Suspense>
  );
}
