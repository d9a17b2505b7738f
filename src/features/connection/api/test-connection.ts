import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { TASK_ID_PREFIX, taskStatusDataSchema } from '@/contract';
import { callGateway } from '@/lib/api-client';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';

/** A task ID no one owns: the gateway answers code 0 with empty data, so the check changes nothing. */
const CONNECTION_CHECK_TASK_ID = `${TASK_ID_PREFIX}_connection_check`;

export type ConnectionTestInput = { connection: Connection; recordHealth: boolean };

/**
 * Two requests that cost nothing. A status query: the gateway is reachable and takes the user ID
 * (some gateways answer it without a token). A speech request without sourceText: it needs the
 * token, and a gateway that accepts the token answers 2000 (missing parameter) without
 * synthesizing anything; a refused token is 401.
 */
export async function testConnection({ connection, recordHealth }: ConnectionTestInput): Promise<{ at: number }> {
  const options = { recordHealth, timeoutMs: 10_000 };
  await callGateway(connection, 'taskStatus', { taskIds: [CONNECTION_CHECK_TASK_ID] }, taskStatusDataSchema, options);
  try {
    await callGateway(connection, 'textToSpeech', {}, z.unknown(), options);
  } catch (error) {
    // Any business answer came after the token check; refusals, outages and non-gateways fail the test.
    if (!(error instanceof GatewayRequestError && error.kind === 'envelope' && error.code !== 401 && error.code !== 403)) throw error;
  }
  return { at: Date.now() };
}

export function useTestConnection() {
  return useMutation({ mutationFn: testConnection });
}
