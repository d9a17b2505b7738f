import type { Context } from 'hono';
import { APP_SOURCE_IGNORED_CHANNEL, DEFAULT_CHANNEL, isValidUserId } from '#contract';
import { invalid, missing, unauthorized } from './reply';
import { requestHeader } from './request-header';

export type Caller = { userId: string; channel: number; appSource: string | null };

/** X-User-Id: required and numeric on both operations (2000 missing, 2001 not numeric). */
export function readUserId(c: Context): string {
  return userIdFromHeader(requestHeader(c, 'X-User-Id'));
}

/** readUserId on the header's value, for a handler that reads Node's raw headers itself. */
export function userIdFromHeader(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') throw missing('X-User-Id header');
  const value = raw.trim();
  if (!isValidUserId(value)) throw invalid('X-User-Id must be numeric');
  // As a Long, "007" is user 7: one canonical form keeps ownership and balances consistent
  // and keeps the digits valid as a bare JSON integer.
  return BigInt(value).toString();
}

/** X-Channel defaults to 0 when missing or invalid; X-App-Source counts only when channel != 100. */
export function readCaller(c: Context): Caller {
  const userId = readUserId(c);
  const rawChannel = requestHeader(c, 'X-Channel')?.trim() ?? '';
  const parsed = /^-?[0-9]{1,10}$/.test(rawChannel) ? Number(rawChannel) : NaN;
  const channel = Number.isSafeInteger(parsed) && Math.abs(parsed) <= 2 ** 31 - 1 ? parsed : DEFAULT_CHANNEL;
  const source = requestHeader(c, 'X-App-Source')?.trim();
  const appSource = channel !== APP_SOURCE_IGNORED_CHANNEL && source ? source : null;
  return { userId, channel, appSource };
}

/** Bearer token check against the configured set. Tokens are never logged or echoed. */
export function requireToken(c: Context, tokens: ReadonlySet<string>): void {
  requireTokenInHeader(requestHeader(c, 'Authorization'), tokens);
}

function requireTokenInHeader(header: string | undefined, tokens: ReadonlySet<string>): void {
  if (!header) throw unauthorized('a Bearer token is required');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('the Authorization header must be "Bearer <token>"');
  if (!tokens.has(match[1]!)) throw unauthorized('the token was not accepted');
}

/** For the status operation: check a token only when the policy requires it or one is sent. */
export function checkStatusToken(c: Context, tokens: ReadonlySet<string>, policy: 'optional' | 'required'): void {
  checkStatusTokenHeader(requestHeader(c, 'Authorization'), tokens, policy);
}

/** checkStatusToken on the Authorization header's value. */
export function checkStatusTokenHeader(header: string | undefined, tokens: ReadonlySet<string>, policy: 'optional' | 'required'): void {
  if (policy === 'required' || header !== undefined) requireTokenInHeader(header, tokens);
}
