import { GatewayAddedCode } from '#contract';
import { GatewayError } from './reply';

/**
 * Envelope code and HTTP status of "a bound was reached, try again later": a full synthesis queue,
 * or a user (or the emulator) holding as many unfinished tasks as allowed. Nothing was done or charged.
 */
const BUSY_CODE = GatewayAddedCode.busy;

/** When the bound gives no better estimate (the emulator's tasks last seconds to minutes). */
const DEFAULT_RETRY_AFTER_S = 5;

/** Every 429 says when to ask again: Retry-After in whole seconds, at least 1. */
export const busy = (message: string, retryAfterSeconds = DEFAULT_RETRY_AFTER_S) =>
  new GatewayError(BUSY_CODE, `Busy: ${message}`, 429, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
