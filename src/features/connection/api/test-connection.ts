import { useMutation } from '@tanstack/react-query';
import { TASK_ID_PREFIX, taskStatusDataSchema } from '@/contract';
import { callGateway } from '@/lib/api-client';
import type { Connection } from '@/lib/connection-profile';

/** A task ID no one owns: the gateway answers code 0 with empty data, so the check changes nothing. */
export const CONNECTION_CHECK_TASK_ID = `${TASK_ID_PREFIX}_connection_check`;

export type ConnectionTestInput = { connection: Connection; recordHealth: boolean };

/** One harmless status query. Any code 0 answer, even with empty data, means the connection works. */
export async function testConnection({ connection, recordHealth }: ConnectionTestInput): Promise<{ at: number }> {
  await callGateway(connection, 'taskStatus', { taskIds: [CONNECTION_CHECK_TASK_ID] }, taskStatusDataSchema, {
    recordHealth,
    timeoutMs: 10_000,
  });
  return { at: Date.now() };
}

export function useTestConnection() {
  return useMutation({ mutationFn: testConnection });
}
