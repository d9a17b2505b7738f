import { GatewayAddedCode } from '@/contract';
import { GatewayRequestError } from '@/lib/gateway-error';
import type { SynthesisOutcome } from './script-queue-state';

/**
 * A failed synthesis as the queue reads it: a 429 (HTTP or envelope) is "busy", anything else a
 * failure with its code. `retryAfter` is the answer's Retry-After header when the caller has it
 * (the console's api client does not pass headers on yet: the queue then backs off).
 */
export function outcomeOfError(error: unknown, retryAfter?: string | null): SynthesisOutcome {
  if (!(error instanceof GatewayRequestError)) return { kind: 'failed' };
  if (error.httpStatus === 429 || error.code === GatewayAddedCode.busy) return { kind: 'busy', retryAfter: retryAfter ?? null };
  return {
    kind: 'failed',
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
  };
}
