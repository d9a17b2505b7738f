import { useMemo } from 'react';
import { useTaskNotifications } from './use-task-notifications';
import { useTabTitle } from './use-tab-title';
import { boardRows } from '../rows';
import type { TaskBoard } from '../task';

type Props = { ids: readonly string[]; board: TaskBoard; notify: boolean };

/**
 * What the watch list tells outside the page: counts in the tab title and browser notifications.
 * A chunk of its own, mounted once the list has IDs: a first visit (empty list) never needs it.
 */
export function WatchListSignals({ ids, board, notify }: Props) {
  const { summary } = useMemo(() => boardRows(ids, board), [ids, board]);
  useTaskNotifications(board, notify);
  useTabTitle(summary);
  return null;
}
