import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectionScope } from '@/lib/connection-profile';
import { useActiveConnection } from '@/hooks/use-connection';
import { EMPTY_SERIES, type BatchSeries } from './batch-series';
import { startTaskHistory, taskHistoryStore, type TaskHistoryView } from './task-history-recorder';

const NONE: TaskHistoryView = { scope: '', version: 0, records: new Map(), series: EMPTY_SERIES };

/** Start recording the poller's answers (once per client) while a board is shown. */
export function useTaskHistoryRecorder(): void {
  const client = useQueryClient();
  useEffect(() => startTaskHistory(client), [client]);
}

/** The key the recorder files the active connection's history under. */
const useHistoryScope = () => JSON.stringify(connectionScope(useActiveConnection()));

/** The history of the active connection (empty until it has loaded or the poller has answered). */
export function useTaskHistory(): TaskHistoryView {
  const scope = useHistoryScope();
  return taskHistoryStore.use((view) => (view.scope === scope ? view : NONE));
}

/**
 * Only the batch series of the active connection: the overview renders when it changes (a flow sample, a task
 * ending), not with each poll's new progress records.
 */
export function useTaskHistorySeries(): BatchSeries {
  const scope = useHistoryScope();
  return taskHistoryStore.use((view) => (view.scope === scope ? view.series : EMPTY_SERIES));
}
