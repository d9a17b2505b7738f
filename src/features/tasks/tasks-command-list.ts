import type { QueryClient } from '@tanstack/react-query';
import { t } from '@/i18n/i18n-store';
import type { Command } from '@/lib/command-registry';
import type { Connection } from '@/lib/connection';
import { watchListStore } from './watch-list';
import { copyAndAnnounce } from './announcer';
import { dashboardSettingsStore, updateDashboardSettings, DEFAULT_INTERVAL_MS, loadCheckNow } from './polling';
import { ADD_FIELD_ID } from './add';
import { QUERY_INPUT_ID } from './query';
import { SAVE_VIEW_BUTTON_ID } from './views';
import { loadShareLink } from './shared-links';

// Loaded when the palette opens (tasks-commands.tsx, in the first visit, only registers it).

/** The interval "Resume checking" goes back to: the one paused, or the default after a reload. */
let resumeTo = DEFAULT_INTERVAL_MS;

const fileInput = () =>
  document.getElementById(ADD_FIELD_ID)?.closest('form')?.querySelector<HTMLInputElement>('input[type="file"]') ?? null;

/** The table's Export buttons for the rows it shows (or has selected): the palette presses them, so it exports exactly those rows. */
function exportCommands(): Command[] {
  const scopes = [
    { label: t('tasks.bulk.selected'), message: 'tasks.palette.exportSelected' },
    { label: t('tasks.bulk.shown'), message: 'tasks.palette.exportShown' },
  ] as const;
  for (const group of document.querySelectorAll<HTMLElement>('[role="group"][aria-label]')) {
    const scope = scopes.find((s) => s.label === group.getAttribute('aria-label'));
    if (!scope) continue;
    const buttons = [...group.querySelectorAll('button')];
    return (['csv', 'json'] as const).flatMap((format) => {
      const button = buttons.find((b) => b.textContent === t(`tasks.bulk.${format}`) && !b.disabled);
      return button
        ? [
            {
              id: `tasks:export:${format}`,
              kind: 'action',
              label: t(scope.message, { format: format.toUpperCase() }),
              run: () => button.click(),
            } as const,
          ]
        : [];
    });
  }
  return [];
}

/** The Tasks page's commands, those it can do now (asked as the palette opens). */
export function tasksCommands(client: QueryClient, connection: Connection): Command[] {
  const { ids } = watchListStore.get();
  const { intervalMs } = dashboardSettingsStore.get();
  const commands: Command[] = [
    {
      id: 'tasks:add',
      kind: 'action',
      label: t('tasks.palette.addIds'),
      run: () => document.getElementById(ADD_FIELD_ID)?.focus(),
    },
  ];
  const file = fileInput();
  if (file) commands.push({ id: 'tasks:import', kind: 'action', label: t('tasks.palette.import'), run: () => file.click() });
  commands.push(
    intervalMs > 0
      ? {
          id: 'tasks:pause',
          kind: 'action',
          label: t('tasks.palette.pause'),
          run: () => {
            resumeTo = intervalMs;
            updateDashboardSettings({ intervalMs: 0 });
          },
        }
      : {
          id: 'tasks:resume',
          kind: 'action',
          label: t('tasks.palette.resume'),
          run: () => updateDashboardSettings({ intervalMs: resumeTo }),
        },
  );
  if (ids.length > 0) {
    commands.push(
      {
        id: 'tasks:refresh',
        kind: 'action',
        label: t('tasks.palette.refresh'),
        run: () => loadCheckNow().then(async (m) => void (await m.refreshAll(client, connection))),
      },
      {
        id: 'tasks:share',
        kind: 'action',
        label: t('tasks.palette.copyLink'),
        run: async () => {
          const shareLink = await loadShareLink();
          await copyAndAnnounce(await shareLink(ids), t('tasks.watchActions.copyWhat', { count: ids.length }));
        },
      },
      ...exportCommands(),
    );
    // The query box and the views show with the list (in a lazy chunk): offered once they are on the page.
    const query = document.getElementById(QUERY_INPUT_ID);
    if (query) commands.push({ id: 'tasks:query', kind: 'action', label: t('tasks.palette.editQuery'), run: () => query.focus() });
    const save = document.getElementById(SAVE_VIEW_BUTTON_ID);
    if (save) commands.push({ id: 'tasks:save-view', kind: 'action', label: t('tasks.palette.saveView'), run: () => save.click() });
  }
  return commands;
}
