import { GatewayError } from './reply';

/**
 * Envelope code and HTTP status of "a bound was reached, try again later": a full synthesis queue,
 * or a user (or the emulator) holding as many unfinished tasks as allowed. Nothing was done or charged.
 */
export const BUSY_CODE = 429;

export const busy = (message: string) => new GatewayError(BUSY_CODE, `Busy: ${message}`, 429);
