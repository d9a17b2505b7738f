import { taskStatusDataSchema, type TaskStatusItem } from '@/contract';
import { callGateway } from '@/lib/api-client';
import type { Connection } from '@/lib/connection-profile';

/** Operation A for one batch (at most 100 IDs, already deduplicated). */
export function getTaskStatus(connection: Connection, taskIds: readonly string[], signal?: AbortSignal): Promise<TaskStatusItem[]> {
  return callGateway(connection, 'taskStatus', { taskIds }, taskStatusDataSchema, { signal });
}
