import type { Command, CommandSource } from '@/lib/command-registry';
import { t } from '@/i18n/i18n-store';
import { navigate } from '@/lib/router';
import { activeProfile, connectionStore } from '@/lib/connection-store';
import { connectionScopeKey } from '@/lib/connection';
import { listViews, openSavedView, viewQuery } from '@/features/tasks/views';
import { searchWithQuery } from '@/features/tasks/query';
import { PAGES } from './page-routes';

// Loaded with the command palette (never on a first visit): the app's commands, which no one page owns.

/** Focuses the element once the page that holds it has rendered (a lazy page may take a moment). */
function focusWhenShown(id: string, waitMs = 10_000): void {
  const started = performance.now();
  const tryFocus = () => {
    const el = document.getElementById(id);
    if (el) el.focus();
    else if (performance.now() - started < waitMs) requestAnimationFrame(tryFocus);
  };
  requestAnimationFrame(tryFocus);
}

/** Every page but the one open (going there would do nothing). */
const pageCommands = (): Command[] =>
  PAGES.filter((p) => p.path !== window.location.pathname).map((p) => ({
    id: `page:${p.path}`,
    kind: 'page',
    label: t('tasks.palette.goTo', { page: t(p.label) }),
    run: () => navigate(p.path),
  }));

/** The active profile's saved views: opening one makes its query (with its sort) the watch list's and opens its overview parts, on the Tasks page (`?q=`). */
async function viewCommands(): Promise<Command[]> {
  const scope = connectionScopeKey(activeProfile(connectionStore.get()));
  const views = await listViews(scope).catch(() => []);
  return views.map((v) => ({
    id: `view:${v.id}`,
    kind: 'view',
    label: t('tasks.palette.openView', { name: v.name }),
    keywords: v.query,
    run: () => {
      openSavedView(v);
      // With its query in the address: the list writes `q` only when the query changes, and it may be the one shown.
      navigate(`/tasks${searchWithQuery('', viewQuery(v))}`);
    },
  }));
}

/** Goes to the Speech page with the text field focused. */
const newSynthesis = (): Command => ({
  id: 'speech:new',
  kind: 'action',
  label: t('tasks.palette.newSynthesis'),
  run: () => {
    if (window.location.pathname !== '/speech') navigate('/speech');
    focusWhenShown('speech-text');
  },
});

export const appCommands: CommandSource = async () => [...pageCommands(), ...(await viewCommands()), newSynthesis()];
