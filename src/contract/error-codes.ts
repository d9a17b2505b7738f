/** Envelope codes named by the service interface (section 7). */
export const ErrorCode = {
  ok: 0,
  missingParameter: 2000,
  invalidParameter: 2001,
  synthesisFailed: 2107,
  insufficientPoints: 10091,
} as const;

/**
 * Envelope codes the embedded gateway adds where the spec is silent (docs/decisions/gateway.md), each
 * equal to its HTTP status. One definition for the gateway that sends them and
 * the console that explains them.
 */
export const GatewayAddedCode = {
  /** A bound was reached (a queue, a task limit): nothing was done or charged; try again later. */
  busy: 429,
  /** The disk refused a write: nothing was kept or charged. */
  storageFailed: 507,
} as const;

/** Message texts the spec quotes. */
export const ErrorMessage = {
  ok: 'OK',
  bothIdsEmpty: 'taskId and taskIds cannot both be empty',
  invalidParameter: 'Invalid Parameter',
  missingParameter: 'Missing Parameter',
  insufficientPoints: 'insufficient points',
  synthesisFailed: 'voice synthesis failed',
} as const;
