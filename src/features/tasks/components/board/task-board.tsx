import { useState } from 'react';
import type { WatchedTask } from '../../model/task-rows';
import type { Summary } from '../../model/summarize';
import type { StatusGroup } from '../../model/status-group';
import type { TaskBoard } from '../../model/task-snapshot';
import type { DashboardSettings } from '../../stores/dashboard-settings-store';
import { Overview } from './overview';
import { TaskList } from '../table/task-list';
import { TransitionsFeed } from './transitions-feed';
import { WatchListActions } from './watch-list-actions';
import styles from '../board.module.css';

type Props = {
  ids: readonly string[];
  rows: readonly WatchedTask[];
  summary: Summary;
  board: TaskBoard;
  settings: DashboardSettings;
  stale: boolean;
};

/** Everything shown once the watch list has tasks; loaded as its own chunk (see tasks-page.tsx). */
export function TaskBoardView({ ids, rows, summary, board, settings, stale }: Props) {
  const [statuses, setStatuses] = useState<ReadonlySet<StatusGroup>>(new Set());
  const toggleStatus = (g: StatusGroup) =>
    setStatuses((prev) => {
      const next = new Set(prev);
      if (!next.delete(g)) next.add(g);
      return next;
    });
  return (
    <>
      <Overview summary={summary} selected={statuses} onToggle={toggleStatus} />
      <WatchListActions ids={ids} rows={rows} notify={settings.notify} />
      <div className={styles.tasksColumns}>
        <TaskList rows={rows} statuses={statuses} changed={board.changed} stallMs={settings.stallMs} stale={stale} />
        <TransitionsFeed transitions={board.transitions} />
      </div>
    </>
  );
}
