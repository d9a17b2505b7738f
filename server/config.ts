import { z } from 'zod';
import { SPEECH_ENGINES } from './gateway/speech/speech-engine';
import { MAKE_A_SECRET, secretWeakness } from './secret-strength';
import { isLocalHost } from './security/local-address';

/**
 * A whole number of at least `min`, from an environment string. A variable set but empty (`PORT=`) is
 * refused by name: coerced, it would be 0, and PORT 0 silently means "any free port".
 */
const count = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .refine((s) => s === undefined || s.trim() !== '', `is set but empty: unset it for the default (${fallback}), or give a whole number`)
    .pipe(z.coerce.number<string | undefined>().int('must be a whole number').min(min).max(max).default(fallback));
/** Like count, but unset means "no bound of its own". */
const optionalCount = z
  .string()
  .optional()
  .refine((s) => s === undefined || s.trim() !== '', 'is set but empty: unset it for no bound of its own, or give a whole number')
  .pipe(z.union([z.undefined(), z.coerce.number<string>().int('must be a whole number').min(1)]));
const listOf = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );

/**
 * An origin from an env list, as URL writes it, or why it is refused. Origins only (scheme, host,
 * port): the audio relay allows whole origins, and a path would suggest a narrower rule than it
 * keeps. Loopback and link-local never: that is this machine and its cloud metadata.
 */
function audioOrigin(entry: string): { origin: string } | { error: string } {
  const shape = 'must be an http(s) origin (scheme, host and port only), e.g. https://audio.example';
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return { error: shape };
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !entry.endsWith('?') && !entry.endsWith('#');
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !bare) return { error: shape };
  if (isLocalHost(url.hostname)) return { error: 'is loopback or link-local, which the audio relay never fetches' };
  return { origin: url.origin };
}

/** Shortest METRICS_TOKEN: a scrape credential should not be guessable. */
const MIN_METRICS_TOKEN = 16;

const envSchema = z.object({
  PORT: count(8080, 0, 65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Built console served at /; `npm start` builds into it when it has no index.html. */
  DIST_DIR: z.string().min(1).default('dist'),
  GATEWAY_TOKENS: z
    .string()
    .default('dev-token')
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0, 'GATEWAY_TOKENS must name at least one token'),
  STATUS_AUTH: z.enum(['optional', 'required']).default('optional'),
  GATEWAY_URL: z
    .string()
    .optional()
    .transform((s) => (s && s.trim() ? s.trim().replace(/\/+$/, '') : undefined))
    .refine((s) => s === undefined || /^https?:\/\/[^/]+/i.test(s), 'GATEWAY_URL must be an http(s) URL'),
  /** Proxy mode's client to GATEWAY_URL: node:http with a keep-alive agent, or undici's fetch (the one before; to compare or fall back). */
  PROXY_UPSTREAM_CLIENT: z.enum(['http', 'fetch']).default('http'),
  /** Host names served besides loopback and HOST (e.g. the name a reverse proxy forwards). */
  ALLOWED_HOSTS: listOf.refine(
    (list) => list.every((h) => /^[a-z0-9.:[\]-]+$/.test(h)),
    'ALLOWED_HOSTS must be host names, comma-separated',
  ),
  /** Origin of signed file links; unset: the origin the (allowed) request came to. */
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((s) => (s && s.trim() ? s.trim() : undefined))
    .refine(
      (s) => s === undefined || /^https?:\/\/[^/?#]+\/?$/i.test(s),
      'PUBLIC_URL must be an http(s) origin, e.g. https://console.example',
    )
    .transform((s) => (s === undefined ? undefined : new URL(s).origin)),
  /** Origins besides GATEWAY_URL's that the gateway's audio URLs may point at (proxy mode's audio relay). */
  AUDIO_ORIGINS: listOf.transform((list, ctx) =>
    list.flatMap((entry) => {
      const checked = audioOrigin(entry);
      if ('origin' in checked) return [checked.origin];
      ctx.addIssue({ code: 'custom', message: `${entry}: ${checked.error}` });
      return [];
    }),
  ),
  TASKS_MAX_PER_USER: count(100_000),
  TASKS_MAX_TOTAL: count(1_000_000),
  TASK_RETENTION_HOURS: count(168),
  AUDIO_MAX_AGE_HOURS: count(168),
  AUDIO_MAX_TOTAL_MB: count(2048),
  SPEECH_QUEUE_PER_USER: count(2),
  SPEECH_QUEUE_TOTAL: count(8),
  /** Most syntheses one caller (token) may hold; unset: its fair share of SPEECH_QUEUE_TOTAL alone. */
  SPEECH_QUEUE_PER_CALLER: optionalCount,
  SPEECH_MAX_OUTPUT_SECONDS: count(600),
  HEADERS_TIMEOUT_SECONDS: count(10),
  REQUEST_TIMEOUT_SECONDS: count(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: count(5),
  MAX_CONNECTIONS: count(1000),
  /** Connections that have not sent a whole request head yet, in all; unset: half of MAX_CONNECTIONS. */
  MAX_UNPROVEN_CONNECTIONS: optionalCount,
  /** The same from one address (an IPv6 /64); above MAX_UNPROVEN_CONNECTIONS it is that. */
  MAX_UNPROVEN_PER_ADDRESS: count(50),
  /** A connection that sends no whole request head within this is answered 408 and closed. */
  FIRST_REQUEST_TIMEOUT_SECONDS: count(5),
  MAX_REQUESTS_PER_SOCKET: count(1000),
  /** An answer that waits this long on a client accepting none of it is cut (the client stopped reading). */
  STALLED_RESPONSE_TIMEOUT_SECONDS: count(60),
  /** Bearer token of GET /metrics; unset: no /metrics (docs/operations.md, "Metrics"). */
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine(
      (s) => s === undefined || s !== '',
      'is set but empty: unset it to turn /metrics off, or give a token of at least 16 characters',
    )
    .refine((s) => s === undefined || s === '' || s.length >= MIN_METRICS_TOKEN, `must be at least ${MIN_METRICS_TOKEN} characters`)
    .refine(
      (s) => s === undefined || /^[\x21-\x7e]*$/.test(s),
      'must be printable ASCII without spaces (it is sent in an Authorization header)',
    ),
  /** One JSON line per request on stdout, or none; unset: json, except off when NODE_ENV=test. */
  ACCESS_LOG: z.enum(['off', 'json']).optional(),
  NODE_ENV: z.string().optional(),
  /**
   * Signs the audio relay's tickets (proxy mode); the same on every instance behind one balancer.
   * Unset or empty: one generated and kept in DATA_DIR. A plainly weak one (secret-strength.ts),
   * whitespace only included, is refused. Never echoed in an error.
   */
  CONSOLE_SECRET: z
    .string()
    .optional()
    .transform((s) => (s === '' ? undefined : s?.trim()))
    .superRefine((s, ctx) => {
      const weakness = s === undefined ? null : secretWeakness(s);
      if (weakness !== null) ctx.addIssue({ code: 'custom', message: `${weakness}: ${MAKE_A_SECRET}` });
    }),
  /** How long a relay ticket is good for: as long as the gateway's audio lives (the embedded one's AUDIO_MAX_AGE_HOURS default). */
  AUDIO_RELAY_TICKET_HOURS: count(168),
  /** On SIGTERM/SIGINT, how long in-flight requests may take before their connections are closed. */
  SHUTDOWN_GRACE_SECONDS: count(10),
  /**
   * Embedded mode: what speaks. `stand-in` (a test aid: deterministic speech-like sound, no words;
   * docs/operations.md) is refused with NODE_ENV=production (see loadConfig).
   */
  SPEECH_ENGINE: z.enum(SPEECH_ENGINES).default('espeak-ng'),
  /**
   * A test aid with the stand-in only: it waits this many milliseconds per sentence before it
   * speaks, so a test can have a synthesis in flight (a shutdown, a full disk) without the real
   * engine's work. 0: no wait.
   */
  SPEECH_STAND_IN_SENTENCE_MS: count(0, 0),
});

type Bound =
  | 'TASKS_MAX_PER_USER'
  | 'TASKS_MAX_TOTAL'
  | 'SPEECH_QUEUE_PER_USER'
  | 'SPEECH_QUEUE_TOTAL'
  | 'SPEECH_QUEUE_PER_CALLER'
  | 'HEADERS_TIMEOUT_SECONDS'
  | 'MAX_UNPROVEN_CONNECTIONS'
  | 'MAX_CONNECTIONS'
  | 'REQUEST_TIMEOUT_SECONDS'
  | 'STALLED_RESPONSE_TIMEOUT_SECONDS';

/** Pairs of values where the first must not exceed the second, checked when both are valid on their own. */
const CROSS_RULES: [Bound, Bound][] = [
  ['TASKS_MAX_PER_USER', 'TASKS_MAX_TOTAL'],
  ['SPEECH_QUEUE_PER_USER', 'SPEECH_QUEUE_TOTAL'],
  ['SPEECH_QUEUE_PER_CALLER', 'SPEECH_QUEUE_TOTAL'],
  ['HEADERS_TIMEOUT_SECONDS', 'REQUEST_TIMEOUT_SECONDS'],
  ['MAX_UNPROVEN_CONNECTIONS', 'MAX_CONNECTIONS'],
  // Before a request's headers are in, the stalled-response timeout (a socket timeout) would cut a
  // silent client without the headers timeout's 408.
  ['HEADERS_TIMEOUT_SECONDS', 'STALLED_RESPONSE_TIMEOUT_SECONDS'],
];

export type ServerConfig = Omit<z.output<typeof envSchema>, 'NODE_ENV' | 'ACCESS_LOG'> & { ACCESS_LOG: 'off' | 'json' };

/** Parse the environment once at start-up; every bad value is listed, then we stop. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const result = envSchema.safeParse(env);
  const lines = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  for (const [key, limit] of CROSS_RULES) {
    const [value, max] = [envSchema.shape[key].safeParse(env[key]), envSchema.shape[limit].safeParse(env[limit])];
    if (value.success && max.success && value.data !== undefined && max.data !== undefined && value.data > max.data)
      lines.push(`  ${key}: must not exceed ${limit}`);
  }
  if (env.SPEECH_ENGINE === 'stand-in' && env.NODE_ENV === 'production')
    lines.push('  SPEECH_ENGINE: the stand-in engine is a test aid (it makes no speech); not with NODE_ENV=production');
  if (env.SPEECH_STAND_IN_SENTENCE_MS !== undefined && env.SPEECH_ENGINE !== 'stand-in')
    lines.push('  SPEECH_STAND_IN_SENTENCE_MS: paces the stand-in engine only (SPEECH_ENGINE=stand-in); unset it');
  if (lines.length > 0 || !result.success) throw new Error(`Invalid server configuration:\n${lines.join('\n')}`);
  const { NODE_ENV, ACCESS_LOG, ...config } = result.data;
  return { ...config, ACCESS_LOG: ACCESS_LOG ?? (NODE_ENV === 'test' ? 'off' : 'json') };
}
