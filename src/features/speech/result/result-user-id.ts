/**
 * The user ID to show for a take. A gateway writes userId as a JSON integer, which the browser
 * rounds past 2^53; the ID sent as X-User-Id is the one the gateway used (the spec makes the
 * header the source of truth), so a rounded number is never shown or kept in its place.
 */
export function resultUserId(fromResult: number | string | null | undefined, sent: string): string {
  if (typeof fromResult === 'string' && fromResult !== '') return fromResult;
  if (typeof fromResult === 'number' && Number.isSafeInteger(fromResult)) return String(fromResult);
  return sent;
}
