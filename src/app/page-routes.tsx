import { lazy, Suspense, useEffect, useRef } from 'react';
import { navigate } from '@/lib/router';
import { usePathname } from '@/hooks/use-pathname';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { type MessageKey, type Namespace } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';
import { ConnectionScoped } from './connection-scoped';
import { TasksPage } from '@/features/tasks/tasks-page';

// Only the Tasks page is in the first-load bundle; the others load on demand, each with its messages.
const SpeechPage = lazyWithMessages('speech', () => import('@/features/speech/speech-page').then((m) => ({ default: m.SpeechPage })));
// Rarely shown: not in the first-load bundle.
const NotFound = lazy(() => import('./not-found').then((m) => ({ default: m.NotFound })));
const SettingsPage = lazyWithMessages('settings', () =>
  import('@/features/connection/components/settings-page').then((m) => ({ default: m.SettingsPage })),
);

export const PAGES = [
  { path: '/tasks', label: 'common.pages.tasks', title: 'common.pages.tasks' },
  { path: '/speech', label: 'common.pages.speech', title: 'common.pages.speechTitle' },
  { path: '/settings', label: 'common.pages.settings', title: 'common.pages.settingsTitle' },
] as const satisfies readonly { path: string; label: MessageKey; title: MessageKey }[];

/**
 * The namespaces src/main.tsx loads before the first paint: `common` (everything in the first-load
 * bundle: shell, header, the Tasks page's own first screen) and the opened page's own namespace.
 */
export function firstNamespaces(pathname: string): Namespace[] {
  const own: Namespace | undefined = pathname === '/speech' ? 'speech' : pathname === '/settings' ? 'settings' : undefined;
  return own ? ['common', own] : ['common'];
}

/** The Tasks page's addresses: /tasks, /tasks/<taskId> (its details open) and / (which goes to /tasks). */
export const isTasksPath = (pathname: string): boolean => pathname === '/tasks' || pathname === '/' || pathname.startsWith('/tasks/');

export function PageRoutes() {
  const pathname = usePathname();
  const t = useT();
  useEffect(() => {
    if (pathname === '/' || pathname === '') navigate('/tasks' + window.location.search, { replace: true });
  }, [pathname]);
  // /tasks/<taskId> is the Tasks page with that task's details open (a shareable link).
  const tasks = isTasksPath(pathname);
  const page = tasks ? PAGES[0] : PAGES.find((p) => pathname === p.path);
  useDocumentTitle(t(page?.title ?? (pathname === '/' ? PAGES[0].title : 'common.pages.notFound')));
  // After a client-side navigation, start screen readers and Tab at the new page, as a full load
  // would. The first render and the redirect from / are the page load itself, not a navigation.
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from !== null && from !== '/' && from !== '') document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <Suspense
      fallback={
        <p className="loading" role="status">
          {t('common.app.loading')}
        </p>
      }
    >
      <ConnectionScoped>
        {tasks ? <TasksPage /> : null}
        {pathname === '/speech' ? <SpeechPage /> : null}
      </ConnectionScoped>
      {pathname === '/settings' ? <SettingsPage /> : null}
      {!page && pathname !== '/' ? <NotFound pathname={pathname} /> : null}
    </Suspense>
  );
}
