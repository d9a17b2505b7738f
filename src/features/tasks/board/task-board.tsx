import { memo, useCallback, useMemo, type ComponentProps } from 'react';
import { navigate } from '@/lib/router';
import { usePathname } from '@/hooks/use-pathname';
import { useTaskQuery, queryToControls, withStatuses, taskQueryStore, taskQueryStored } from '../query';
import type { WatchedTask, Summary } from '../rows';
import type { Freshness, StatusGroup, TaskBoard } from '../task';
import type { DashboardSettings } from '../polling';
import { useTaskHistoryRecorder } from '../history';
import { TaskDetailsDialog, taskIdFromPath } from '../details';
import { Overview } from '../overview';
import { TaskList } from './table/task-list';
import { TransitionsFeed } from './transitions-feed';
import { WatchListActions } from './watch-list-actions';
import { SavedViewsLazy, savedViewsStored } from '../views';
import { PanelBoundary } from '@/components/panel-boundary';
import { useT } from '@/hooks/use-t';
import styles from './board.module.css';

type Props = {
  ids: readonly string[];
  rows: readonly WatchedTask[];
  /** The rows array is written in place by poll updates: this tells one state of it from the next (see board-rows.ts). */
  version: number;
  summary: Summary;
  board: TaskBoard;
  settings: DashboardSettings;
  freshness: Freshness;
};

/**
 * Everything shown once the watch list has tasks; loaded as its own chunk (see tasks-page.tsx).
 * Memoized: the page renders again when a cycle starts and ends ("Checking…"), with the same board.
 */
export const TaskBoardView = memo(function TaskBoardView(props: Props) {
  const t = useT();
  // The board reads the stored query as it starts (the chips): a query that breaks it is set aside.
  // Here, not in tasks-page.tsx: the query's store and parser stay out of the first visit.
  return (
    <PanelBoundary name={t('common.panel.name.watchList')} stored={[taskQueryStored]}>
      <Board {...props} />
    </PanelBoundary>
  );
});

// The overview's props change with a poll update or the chips, not with every query the box commits.
const OverviewPanel = memo(Overview);

function Board({ ids, rows, version, summary, board, settings, freshness }: Props) {
  const t = useT();
  useTaskHistoryRecorder();
  const detailsId = taskIdFromPath(usePathname());
  // Panels whose props a poll update rarely changes, as elements made again only when those change: React skips an
  // element it has already rendered, boundary and all (a new element each render was 11 of a poll update's ~150
  // component renders: the boundary, its probe, the actions and their buttons, the feed's boundary). The actions read
  // the rows (written in place) only when the operator confirms.
  const finished = summary.counts.get(4) ?? 0;
  const actionsPanel = useMemo(
    () => (
      <PanelBoundary name={t('tasks.panel.watchListActions')}>
        <WatchListActions ids={ids} rows={rows} finished={finished} notify={settings.notify} />
      </PanelBoundary>
    ),
    [t, ids, rows, finished, settings.notify],
  );
  const changesPanel = useMemo(
    () => (
      <PanelBoundary name={t('tasks.panel.changes')}>
        <TransitionsFeed transitions={board.transitions} />
      </PanelBoundary>
    ),
    [t, board.transitions],
  );
  return (
    <>
      <PanelBoundary name={t('tasks.panel.overview')}>
        <OverviewWithChips rows={rows} summary={summary} freshness={freshness} polledAt={board.polledAt} />
      </PanelBoundary>
      {actionsPanel}
      <PanelBoundary name={t('tasks.panel.savedViews')} stored={[savedViewsStored]}>
        <SavedViewsLazy ids={ids} rows={rows} version={version} stallMs={settings.stallMs} />
      </PanelBoundary>
      <div className={styles.tasksColumns}>
        <PanelBoundary name={t('tasks.panel.taskList')} stored={[taskQueryStored]}>
          <QueriedTaskList
            rows={rows}
            version={version}
            // A row flashes when its status changes (Queued → Running, Finished, Failed…), not for every progress step.
            changed={board.statusChanged}
            stallMs={settings.stallMs}
            freshness={freshness}
          />
        </PanelBoundary>
        {changesPanel}
      </div>
      <QueryInAddress />
      {detailsId !== null && (
        <PanelBoundary key={detailsId} name={t('tasks.panel.taskDetails')}>
          <TaskDetailsDialog id={detailsId} row={rows.find((r) => r.id === detailsId)} onClose={() => navigate('/tasks')} />
        </PanelBoundary>
      )}
    </>
  );
}

/**
 * The query (filters and sort) in the address: the one place that keeps the two in step (use-task-query.ts). Its own
 * component, rendering nothing: a committed query renders it, the list and the chips, not the whole board (issue 38).
 */
function QueryInAddress() {
  useTaskQuery();
  return null;
}

type ListProps = Omit<ComponentProps<typeof TaskList>, 'query' | 'onQuery'>;

/** The list over the committed query: of the board, only it and the chips render when the box commits a term. */
function QueriedTaskList(props: ListProps) {
  const query = taskQueryStore.use();
  return <TaskList {...props} query={query} onQuery={taskQueryStore.save} />;
}

type ChipsProps = Omit<ComponentProps<typeof Overview>, 'selected' | 'onToggle'>;

/**
 * The overview with its status chips, which show the query's first plain status term and write it
 * (query/language/query-controls.ts). The same chips are the same set, and the toggle reads the query when clicked: a
 * query committed from the box that leaves the chips as they were does not draw the overview again.
 */
function OverviewWithChips(props: ChipsProps) {
  const query = taskQueryStore.use();
  const chips = useMemo(() => queryToControls(query).statuses, [query]);
  const chipsKey = chips.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same chips (by their key) keep the same set
  const statuses = useMemo(() => new Set(chips), [chipsKey]);
  const toggleStatus = useCallback((g: StatusGroup) => {
    const now = taskQueryStore.get();
    const chips = queryToControls(now).statuses;
    taskQueryStore.save(withStatuses(now, chips.includes(g) ? chips.filter((s) => s !== g) : [...chips, g]));
  }, []);
  return <OverviewPanel {...props} selected={statuses} onToggle={toggleStatus} />;
}
