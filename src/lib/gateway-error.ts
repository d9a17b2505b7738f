import type { ConsoleFailureReason, OperationName } from '@/contract';

export type GatewayOperation = OperationName;

export type GatewayErrorKind =
  | 'envelope' // the gateway answered code != 0
  | 'proxy' // the console's own server answered for the gateway (proxy mode): consoleFailure says why
  | 'http' // 4xx/5xx without a usable envelope, or an HTML error page
  | 'invalid-json'
  | 'not-gateway' // JSON, but not an envelope
  | 'contract' // an envelope whose data breaks the contract
  | 'timeout'
  | 'too-large' // an answer far bigger than any gateway answer; not read
  | 'dropped' // the connection broke off after the answer had begun
  | 'network' // unreachable, refused, or blocked by CORS
  | 'aborted'
  | 'no-token' // refused, and no token was sent: the settings lack one
  | 'settings'; // the console's own settings are not usable

/**
 * The console's own account of a failure (not the gateway's message): which sentence, and its
 * values as strings. It travels as plain data (from the status worker too) and is worded in the
 * operator's language where it is shown (describe-error.ts); `message` keeps the English for logs.
 */
export type ConsoleDetail = { id: ConsoleDetailId; values?: Record<string, string> };
export type ConsoleDetailId =
  | 'noTokenSent'
  | 'unsendableHeader'
  | 'cancelled'
  | 'tooLarge'
  | 'timeout'
  | 'dropped'
  | 'unreachable'
  | 'html'
  | 'empty'
  | 'notJson'
  | 'notEnvelope'
  | 'contract';

/**
 * Why the console's own server answered instead of the gateway (the envelope's consoleFailure,
 * src/contract/console-failure.ts), its values as strings, worded where it is shown.
 */
export type ConsoleFailureDetail = { reason: ConsoleFailureReason; values: Record<string, string> };

/** What a GatewayRequestError carries: plain data, so it can cross a thread boundary (structured clone drops Error classes). */
export type GatewayErrorFields = {
  operation: GatewayOperation;
  kind: GatewayErrorKind;
  message: string;
  code?: number;
  httpStatus?: number;
  crossOrigin?: boolean;
  detail?: ConsoleDetail;
  /** Set with kind 'proxy'. */
  consoleFailure?: ConsoleFailureDetail;
  /** The refusal's Retry-After header as sent (seconds or an HTTP date), for a caller that waits as asked (the script queue). */
  retryAfter?: string;
};

/** The one error type every gateway failure becomes (registered with react-query). */
export class GatewayRequestError extends Error {
  readonly operation: GatewayOperation;
  readonly kind: GatewayErrorKind;
  readonly code: number | undefined;
  readonly httpStatus: number | undefined;
  readonly crossOrigin: boolean;
  readonly detail: ConsoleDetail | undefined;
  readonly consoleFailure: ConsoleFailureDetail | undefined;
  readonly retryAfter: string | undefined;

  constructor(fields: GatewayErrorFields) {
    super(fields.message);
    this.name = 'GatewayRequestError';
    this.operation = fields.operation;
    this.kind = fields.kind;
    this.code = fields.code;
    this.httpStatus = fields.httpStatus;
    this.crossOrigin = fields.crossOrigin ?? false;
    this.detail = fields.detail;
    this.consoleFailure = fields.consoleFailure;
    this.retryAfter = fields.retryAfter;
  }

  static from(error: unknown, operation: GatewayOperation): GatewayRequestError {
    if (error instanceof GatewayRequestError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new GatewayRequestError({ operation, kind: 'network', message });
  }
}

/** A refusal of the token (HTTP or envelope 401/403). */
export function isAuthRefusal(error: GatewayRequestError): boolean {
  return [401, 403].includes(error.httpStatus ?? 0) || [401, 403].includes(error.code ?? 0);
}
