import { lazy, Suspense, useEffect, useRef } from 'react';
import { navigate } from '@/lib/router';
import { usePathname } from '@/hooks/use-pathname';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ConnectionScoped } from './connection-scoped';
import { TasksPage } from '@/features/tasks/components/tasks-page';

// Only the Tasks page is in the first-load bundle; the others load on demand.
const SpeechPage = lazy(() => import('@/features/speech/components/speech-page').then((m) => ({ default: m.SpeechPage })));
const SettingsPage = lazy(() => import('@/features/connection/components/settings-page').then((m) => ({ default: m.SettingsPage })));

export const PAGES = [
  { path: '/tasks', label: 'Tasks', title: 'Tasks' },
  { path: '/speech', label: 'Speech', title: 'Speech studio' },
  { path: '/settings', label: 'Settings', title: 'Connection settings' },
] as const;

export function PageRoutes() {
  const pathname = usePathname();
  useEffect(() => {
    if (pathname === '/' || pathname === '') navigate('/tasks' + window.location.search, { replace: true });
  }, [pathname]);
  // /tasks/<taskId> is the Tasks page with that task's details open (a shareable link).
  const tasks = pathname === '/tasks' || pathname === '/' || pathname.startsWith('/tasks/');
  const page = tasks ? PAGES[0] : PAGES.find((p) => pathname === p.path);
  useDocumentTitle(page?.title ?? (pathname === '/' ? PAGES[0].title : 'Page not found'));
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
          Loading…
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

function NotFound({ pathname }: { pathname: string }) {
  return (
    <section aria-labelledby="nf-title">
      <h1 id="nf-title">Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. Use the navigation above.
      </p>
    </section>
  );
}
