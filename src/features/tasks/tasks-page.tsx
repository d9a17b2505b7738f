import { Suspense, useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActiveConnection } from '@/hooks/use-connection';
import { useWatchListBoard, useDashboardSettings, loadCheckNow, loadPollControls } from './polling';
import { useWatchList } from './watch-list';
import { announcerStore } from './announcer';
import { useSharedLinkImport } from './shared-links';
import { boardRows } from './rows';
import { boardFreshness, EMPTY_BOARD } from './task';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';
import { useT } from '@/hooks/use-t';
import { PanelBoundary } from '@/components/panel-boundary';
import { AddTaskIds } from './add';
import { TasksCommands } from './tasks-commands';
import styles from './tasks-page.module.css';
import { loadOpenedViewPanel, loadTaskBoardView } from './board';
import { viewLinkAddress } from './views';

// The table and overview are a separate chunk so the first-load bundle stays in budget; they speak from the `tasks` messages.
const TaskBoardView = lazyWithMessages('tasks', loadTaskBoardView);
// A view link's panel: only when the page opens at one.
const OpenedViewPanel = lazyWithMessages('tasks', loadOpenedViewPanel);
// The poll controls too: they show with the table (one Suspense boundary, so neither pushes the other down).
const PollControls = lazyWithMessages('tasks', () => loadPollControls().then((m) => ({ default: m.PollControls })));
// The stale banner in the same chunk (one fetch, so it never suspends the table on its own): room in the first load.
const StaleBanner = lazyWithMessages('tasks', () => loadPollControls().then((m) => ({ default: m.StaleBanner })));

/** Still-checked tasks by pace (the open set is live, not-found and Finished-without-a-usable-link). */
const waitingCounts = (live: number, notFound: number, open: number) => ({
  live,
  notFound,
  awaitingUrl: Math.max(0, open - live - notFound),
});

export function TasksPage() {
  const t = useT();
  const { ids, loaded } = useWatchList();
  const settings = useDashboardSettings();
  const client = useQueryClient();
  const connection = useActiveConnection();
  const poll = useWatchListBoard(settings.intervalMs);
  const board = poll.data ?? EMPTY_BOARD;
  const { rows, version, summary, open } = useMemo(() => boardRows(ids, board), [ids, board]);
  const announcement = announcerStore.use();
  const { gatewayUrl, userId } = connection;
  const checkNow = useCallback(
    () => void loadCheckNow().then((m) => m.checkAddedTasks(client, { gatewayUrl, userId })),
    [client, gatewayUrl, userId],
  );
  useSharedLinkImport(checkNow);
  // Read as the page first renders, before anything rewrites the address (the board, the shared IDs' import).
  const [viewLink, setViewLink] = useState(() => viewLinkAddress(window.location));
  const closeViewLink = useCallback(() => setViewLink(null), []);
  // Made again only when its props change: a poll update renders this page, and a new element would render the boundary again.
  const addPanel = useMemo(
    () => (
      <PanelBoundary name={t('common.panel.name.addTasks')}>
        <AddTaskIds onAdded={checkNow} />
      </PanelBoundary>
    ),
    [t, checkNow],
  );

  return (
    <section aria-labelledby="tasks-title" className={styles.tasksPage}>
      <h1 id="tasks-title">{t('common.pages.tasks')}</h1>
      <TasksCommands />
      {addPanel}
      {viewLink && (
        // Under the add form, where the page opens: with an empty list it is the page's only view of the query.
        <PanelBoundary name={t('common.panel.name.openedView')}>
          <Suspense fallback={null}>
            <OpenedViewPanel address={viewLink} empty={loaded && ids.length === 0} onClose={closeViewLink} />
          </Suspense>
        </PanelBoundary>
      )}
      {!loaded && (
        <p className="loading" role="status">
          {t('common.tasks.loadingList')}
        </p>
      )}
      <Suspense
        fallback={
          ids.length > 0 && (
            <p className="loading" role="status">
              {t('common.tasks.loadingTable')}
            </p>
          )
        }
      >
        <PanelBoundary name={t('common.panel.name.polling')}>
          <PollControls
            poll={poll}
            settings={settings}
            waiting={waitingCounts(summary.live, summary.counts.get('not-found') ?? 0, open.size)}
            onRefresh={() => void loadCheckNow().then((m) => m.refreshAll(client, connection))}
          />
          <StaleBanner poll={poll} intervalMs={settings.intervalMs} />
        </PanelBoundary>
        {ids.length > 0 && (
          // The board's chunk failing to load leaves the add form working (the board holds its own panels).
          <PanelBoundary name={t('common.panel.name.watchList')}>
            <TaskBoardView
              ids={ids}
              rows={rows}
              version={version}
              summary={summary}
              board={board}
              settings={settings}
              freshness={boardFreshness(poll.isError, settings.intervalMs)}
            />
          </PanelBoundary>
        )}
      </Suspense>
      <p role="status" className={styles.announcement}>
        {announcement.text}
      </p>
    </section>
  );
}
