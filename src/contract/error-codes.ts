/** Envelope codes named by the service interface (section 7). */
export const ErrorCode = {
  ok: 0,
  missingParameter: 2000,
  invalidParameter: 2001,
  synthesisFailed: 2107,
  insufficientPoints: 10091,
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
