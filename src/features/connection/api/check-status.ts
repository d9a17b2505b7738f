import { TASK_ID_PREFIX, taskStatusDataSchema } from '@/contract';
import { callGateway } from '@/lib/api-client';
import type { Connection } from '@/lib/connection-profile';

/** A task ID no one owns, valid by the spec (Service_AI prefix): the gateway answers code 0 with empty data, so the check changes nothing. */
const CONNECTION_CHECK_TASK_ID = `${TASK_ID_PREFIX}_connection_check`;

/**
 * One valid status query: proves the gateway is reachable and takes the user ID. It proves nothing
 * about the token (the spec leaves status auth to the gateway's policy); a 401/403 proves it refused.
 */
export async function checkStatus(connection: Connection, recordHealth: boolean): Promise<void> {
  await callGateway(connection, 'taskStatus', { taskIds: [CONNECTION_CHECK_TASK_ID] }, taskStatusDataSchema, {
    recordHealth,
    timeoutMs: 10_000,
  });
}
