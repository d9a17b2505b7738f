// No React here: the API client, and so the status worker, imports this module (the hook is src/hooks/use-gateway-health.ts).
import type { Connection } from './connection-profile';
import { isAuthRefusal, type GatewayOperation, type GatewayRequestError } from './gateway-error';

/**
 * What the answers proved about the token. A status query proves nothing about it (the spec: a
 * token is "recommended" there, "depending on the gateway auth policy"); only a synthesis, which
 * requires one, does. none: no token is set, so syntheses cannot succeed; refused: a synthesis
 * with this token was refused (status answers since then do not undo that).
 */
export type TokenCheck = 'none' | 'unchecked' | 'accepted' | 'refused';

export type GatewayHealth =
  | { state: 'unknown' }
  | { state: 'ok'; at: number; scope: string; token: TokenCheck }
  | { state: 'failing'; at: number; scope: string; error: GatewayRequestError };

/** How finely the indicator shows the last OK answer's time. */
const SHOWN_MS = 60_000;

let health: GatewayHealth = { state: 'unknown' };
/** The last proof about a scope's token (token included; kept in memory only, like the scope itself) and which operation gave it. */
let verdict: { scope: string; token: 'accepted' | 'refused'; operation: GatewayOperation } | null = null;
const listeners = new Set<() => void>();

// Every value the answer depends on: a new token, channel or app source has not been answered yet.
// Kept in memory only, for comparison; never rendered, logged or used as a query key.
const scopeOf = (c: Connection) => JSON.stringify([c.gatewayUrl, c.userId, c.token, c.channel, c.appSource]);

/**
 * Whether an error says something about the connection: unreachable, refused, not a gateway.
 * Business answers (2000, 2001, 10091, 2107, …) and data this console cannot read came from a
 * reachable gateway; they stay with the form or row that caused them.
 */
function concernsConnection(error: GatewayRequestError): boolean {
  if (error.kind === 'contract') return false;
  if (error.kind !== 'envelope') return true;
  return isAuthRefusal(error) || (error.httpStatus ?? 200) >= 500 || error.code === 502 || error.httpStatus === 404;
}

/**
 * Speech answers that came after the token check: success, or an answer about the user's points or
 * the synthesis itself. A parameter error (2000, 2001) may be given before any token check, so it proves nothing.
 */
const TOKEN_PASSED_CODES: ReadonlySet<number> = new Set([10091, 2107]);

/**
 * Whether the operation's answers tell about the token: speech requires one (section 5), status
 * queries may pass without, so their success proves nothing.
 */
const CHECKS_TOKEN: Record<GatewayOperation, boolean> = { taskStatus: false, textToSpeech: true };

function tokenAccepted(operation: GatewayOperation, error: GatewayRequestError | null): boolean {
  if (!CHECKS_TOKEN[operation]) return false;
  return error === null || (error.kind === 'envelope' && TOKEN_PASSED_CODES.has(error.code ?? 0));
}

/** What this answer adds to what is known about the scope's token. */
function tokenVerdict(scope: string, operation: GatewayOperation, error: GatewayRequestError | null): typeof verdict {
  if (tokenAccepted(operation, error)) return { scope, token: 'accepted', operation };
  if (error && isAuthRefusal(error)) return { scope, token: 'refused', operation };
  // The same status query now answered: a refusal of status queries no longer holds (one of speech still does).
  if (!error && verdict?.scope === scope && verdict.token === 'refused' && verdict.operation === operation) return null;
  return verdict;
}

/** Every gateway call reports here, so the shell's indicator shows what was checked: reachability, and the token once a synthesis passed it. */
export function recordGatewayOutcome(connection: Connection, operation: GatewayOperation, error: GatewayRequestError | null): void {
  const scope = scopeOf(connection);
  if (connection.token) verdict = tokenVerdict(scope, operation, error);
  if (error && !concernsConnection(error)) error = null;
  const at = Date.now();
  const token: TokenCheck = !connection.token ? 'none' : verdict?.scope === scope ? verdict.token : 'unchecked';
  // The indicator shows the last answer to the minute: more OKs within it change nothing on screen (each
  // poll cycle would otherwise re-render the shell in a commit, and a frame, of its own).
  const last = health;
  const sameMinute = last.state === 'ok' && Math.floor(last.at / SHOWN_MS) === Math.floor(at / SHOWN_MS);
  if (!error && sameMinute && last.scope === scope && last.token === token) return;
  health = error ? { state: 'failing', at, scope, error } : { state: 'ok', at, scope, token };
  for (const l of listeners) l();
}

export function resetGatewayHealth(): void {
  health = { state: 'unknown' };
  verdict = null;
  for (const l of listeners) l();
}

export function subscribeGatewayHealth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getGatewayHealth = (): GatewayHealth => health;

/** The last outcome as seen by this connection: one of another gateway, user, token or header set reads as unknown. */
export const healthFor = (current: GatewayHealth, connection: Connection): GatewayHealth =>
  current.state !== 'unknown' && current.scope !== scopeOf(connection) ? { state: 'unknown' } : current;
