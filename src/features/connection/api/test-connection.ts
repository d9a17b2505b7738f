import { useMutation } from '@tanstack/react-query';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError, isAuthRefusal } from '@/lib/gateway-error';
import { checkStatus } from './check-status';

export type ConnectionTestInput = { connection: Connection; recordHealth: boolean };

/**
 * What the answers prove about the token, and no more. The spec requires a token for speech only and
 * offers no side-effect-free speech request, so the token is judged from status queries:
 * - none: no token is set (a synthesis will need one);
 * - accepted-for-status: the gateway refused the query without a token and answered it with this one;
 * - not-checked: the gateway answers status queries without a token, so its answer says nothing of it;
 * - inconclusive: the query without a token got no clear answer (error says what it got).
 */
export type TokenFinding =
  { kind: 'none' } | { kind: 'accepted-for-status' } | { kind: 'not-checked' } | { kind: 'inconclusive'; error: GatewayRequestError };

export type ConnectionTestResult = { at: number; token: TokenFinding };

/**
 * One status query with the values as given (a refusal of it with a token is a refused token), then,
 * when a token is set, the same query without it, to learn whether the first answer said anything about the
 * token. Both are valid status queries that change nothing; the second never moves the indicator.
 */
export async function testConnection({ connection, recordHealth }: ConnectionTestInput): Promise<ConnectionTestResult> {
  await checkStatus(connection, recordHealth);
  if (!connection.token) return { at: Date.now(), token: { kind: 'none' } };
  try {
    await checkStatus({ ...connection, token: '' }, false);
    return { at: Date.now(), token: { kind: 'not-checked' } };
  } catch (error) {
    const err = GatewayRequestError.from(error, 'taskStatus');
    return { at: Date.now(), token: isAuthRefusal(err) ? { kind: 'accepted-for-status' } : { kind: 'inconclusive', error: err } };
  }
}

export function useTestConnection() {
  return useMutation({ mutationFn: testConnection });
}
