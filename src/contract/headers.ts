import * as z from 'zod/mini';

export const HeaderName = {
  contentType: 'Content-Type',
  accept: 'Accept',
  authorization: 'Authorization',
  userId: 'X-User-Id',
  channel: 'X-Channel',
  appSource: 'X-App-Source',
} as const;

export const JSON_UTF8 = 'application/json;charset=UTF-8';

/** Largest value of a signed 64-bit Long, the type the spec gives X-User-Id. */
const MAX_USER_ID = 9223372036854775807n;

/**
 * A user ID is kept as a string end to end (IDs above 2^53 must not be rounded).
 * Digits only, 1..19 of them, at most the largest Long.
 */
export function isValidUserId(value: string): boolean {
  return /^[0-9]{1,19}$/.test(value) && BigInt(value) <= MAX_USER_ID;
}

/** What the header schemas report (the gateway's 2001 wording); the console words them per language by these ids. */
export const HeaderProblem = {
  userIdRequired: 'User ID is required',
  userIdDigits: 'User ID must contain digits only',
  userIdRange: 'User ID must fit a 64-bit Long (at most 9223372036854775807)',
  channelInteger: 'Channel must be a whole number',
} as const;

export const userIdSchema = z.string().check(
  z.trim(),
  z.minLength(1, HeaderProblem.userIdRequired),
  z.refine((v) => /^[0-9]+$/.test(v), HeaderProblem.userIdDigits),
  z.refine(isValidUserId, HeaderProblem.userIdRange),
);

/** Optional integer header value as operators type it ("" means not sent). */
export const channelSchema = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || /^-?[0-9]{1,10}$/.test(v), HeaderProblem.channelInteger),
);
