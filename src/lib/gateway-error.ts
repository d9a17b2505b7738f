import type { OperationName } from '@/contract';

export type GatewayOperation = OperationName;

export type GatewayErrorKind =
  | 'envelope' // the gateway answered code != 0
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

/** What a GatewayRequestError carries: plain data, so it can cross a thread boundary (structured clone drops Error classes). */
export type GatewayErrorFields = {
  operation: GatewayOperation;
  kind: GatewayErrorKind;
  message: string;
  code?: number;
  httpStatus?: number;
  crossOrigin?: boolean;
};

/** The one error type every gateway failure becomes (registered with react-query). */
export class GatewayRequestError extends Error {
  readonly operation: GatewayOperation;
  readonly kind: GatewayErrorKind;
  readonly code: number | undefined;
  readonly httpStatus: number | undefined;
  readonly crossOrigin: boolean;

  constructor(fields: GatewayErrorFields) {
    super(fields.message);
    this.name = 'GatewayRequestError';
    this.operation = fields.operation;
    this.kind = fields.kind;
    this.code = fields.code;
    this.httpStatus = fields.httpStatus;
    this.crossOrigin = fields.crossOrigin ?? false;
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
