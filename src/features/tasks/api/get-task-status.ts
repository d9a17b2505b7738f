import { queryOptions, useQuery } from '@tanstack/react-query';
import { taskStatusDataSchema, type TaskStatusItem } from '@/contract';
import { callGateway } from '@/lib/api-client';
import { connectionScope, type Connection } from '@/lib/connection-profile';
import { useActiveConnection } from '@/lib/connection-store';

/** Operation A for one batch (at most 100 IDs, already deduplicated). */
export function getTaskStatus(connection: Connection, taskIds: readonly string[], signal?: AbortSignal): Promise<TaskStatusItem[]> {
  return callGateway(connection, 'taskStatus', { taskIds }, taskStatusDataSchema, { signal });
}

/** One batch's status. gcTime 0: the watch-list poller folds answers into its own data, so batch entries need not linger. */
export function taskStatusQueryOptions(connection: Connection, taskIds: readonly string[]) {
  return queryOptions({
    queryKey: ['task-status', ...connectionScope(connection), ...taskIds] as const,
    queryFn: ({ signal }) => getTaskStatus(connection, taskIds, signal),
    gcTime: 0,
  });
}

export function useTaskStatus(taskIds: readonly string[]) {
  const connection = useActiveConnection();
  return useQuery({ ...taskStatusQueryOptions(connection, taskIds), enabled: taskIds.length > 0 });
}
