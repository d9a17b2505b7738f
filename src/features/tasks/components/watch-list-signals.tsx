import { useEffect, useMemo } from 'react';
import { titlePrefixStore } from '@/hooks/use-document-title';
import { useT } from '@/i18n/i18n-store';
import { useTaskNotifications } from '../hooks/use-task-notifications';
import { boardRows } from '../model/board-rows';
import { tabTitlePrefix } from '../model/summarize';
import type { TaskBoard } from '../model/task-snapshot';

type Props = { ids: readonly string[]; board: TaskBoard; notify: boolean };

/**
 * What the watch list tells outside the page: counts in the tab title and browser notifications.
 * A chunk of its own, mounted once the list has IDs: a first visit (empty list) never needs it.
 */
export function WatchListSignals({ ids, board, notify }: Props) {
  const t = useT();
  const { summary } = useMemo(() => boardRows(ids, board), [ids, board]);
  useTaskNotifications(board, notify);
  useEffect(() => titlePrefixStore.set(tabTitlePrefix(summary, t)), [summary, t]);
  useEffect(() => () => titlePrefixStore.set(''), []);
  return null;
}
