import * as z from 'zod/mini';

/**
 * The envelope field that marks an answer the console's own server made in proxy mode (it could not
 * use the gateway), so the console words it as its own and never as the gateway's message. The
 * spec's envelope is code, message and data; readers that know only those ignore this field, and
 * `message` keeps an English account for logs. The proxy drops a field of this name from any
 * gateway answer it passes on, and the browser honours it only from its own /api.
 */
export const CONSOLE_FAILURE_FIELD = 'consoleFailure';

const text = z.string().check(z.maxLength(200));
const status = z.number().check(z.int());

/** Why the console's server answered for the gateway, with the values its sentence needs. */
export const consoleFailureSchema = z.discriminatedUnion('reason', [
  /** No connection, or it broke before an answer (`error`: the system's code and message, e.g. "ECONNRESET socket hang up"). */
  z.object({ reason: z.literal('unreachable'), error: text }),
  z.object({ reason: z.literal('timeout'), seconds: z.number() }),
  z.object({ reason: z.literal('redirect'), status }),
  /** The gateway answered, but with another content type (an HTML error page, a web site). */
  z.object({ reason: z.literal('notJson'), status, contentType: text }),
  z.object({ reason: z.literal('untyped'), status }),
  /** Said to be JSON, but it does not parse. */
  z.object({ reason: z.literal('invalidJson'), status }),
  z.object({ reason: z.literal('answerTooLarge'), mib: z.number() }),
  z.object({ reason: z.literal('requestTooLarge'), mib: z.number() }),
  z.object({ reason: z.literal('requestUnreadable') }),
  z.object({ reason: z.literal('noOperation'), method: text, path: text }),
  /**
   * Refused by the server itself before the request reached /api (server/refusals.ts): its head or
   * body did not arrive in time (408), its headers are too large (431), or it could not be read as
   * HTTP it serves (400, 413, 417).
   */
  z.object({ reason: z.literal('requestTimeout') }),
  z.object({ reason: z.literal('headersTooLarge'), kib: z.number() }),
  z.object({ reason: z.literal('requestMalformed'), status }),
]);
export type ConsoleFailure = z.output<typeof consoleFailureSchema>;
export type ConsoleFailureReason = ConsoleFailure['reason'];

/**
 * Why the console's server's audio relay (GET /api/_console/audio, server/proxy/audio-relay.ts)
 * did not serve the audio, in the same field. Its own union: the relay is no gateway operation, and
 * the speech studio words these where it says why a take's audio was not kept.
 */
export const audioRelayFailureSchema = z.discriminatedUnion('reason', [
  /** The link's ticket is past its expiry. */
  z.object({ reason: z.literal('audioExpired') }),
  /** No valid ticket for this URL (another secret signed it, or none did), or a URL the relay never serves. */
  z.object({ reason: z.literal('audioNotIssued') }),
  /** The URL is on the console's own origin (and the gateway is not). */
  z.object({ reason: z.literal('audioOwnOrigin') }),
  z.object({ reason: z.literal('audioUnreachable') }),
  z.object({ reason: z.literal('audioTimeout'), seconds: z.number() }),
  /** The audio's address answered this status, not 2xx. */
  z.object({ reason: z.literal('audioStatus'), status }),
  z.object({ reason: z.literal('audioTooLarge'), mib: z.number() }),
]);
export type AudioRelayFailure = z.output<typeof audioRelayFailureSchema>;
export type AudioRelayFailureReason = AudioRelayFailure['reason'];
