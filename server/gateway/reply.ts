import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ErrorCode, ErrorMessage, failureEnvelope, successEnvelope } from '#contract';
import { noteEnvelopeCode } from '../observability/request-record';

/**
 * Where the spec is silent on HTTP statuses we answer every business outcome (code 0 or a
 * service code) with HTTP 200, and use 4xx only for transport-level refusals (token, size,
 * route). The body is always the envelope.
 */
export function ok<T>(c: Context, data: T) {
  noteEnvelopeCode(c, 0);
  return c.json(successEnvelope(data), 200);
}

export function fail(c: Context, code: number, message: string, status: ContentfulStatusCode = 200, headers: Record<string, string> = {}) {
  noteEnvelopeCode(c, code);
  return c.json(failureEnvelope(code, message), status, headers);
}

export class GatewayError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: ContentfulStatusCode = 200,
    /** Sent with the envelope (e.g. Retry-After on a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const missing = (what: string) => new GatewayError(ErrorCode.missingParameter, `${ErrorMessage.missingParameter}: ${what}`);
export const invalid = (what: string) => new GatewayError(ErrorCode.invalidParameter, `${ErrorMessage.invalidParameter}: ${what}`);

/** Code used in the envelope when the bearer token is missing or not accepted (HTTP 401). */
const UNAUTHORIZED_CODE = 401;
export const unauthorized = (why: string) => new GatewayError(UNAUTHORIZED_CODE, `Unauthorized: ${why}`, 401);
