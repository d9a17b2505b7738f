import type { ConnectionProfile } from './connection-profile';

// The connection store's stored values, checked by hand instead of with zod: this runs on every
// page load, and zod is kept out of the first visit (docs/performance.md). Each check accepts and
// returns exactly what the zod schema it replaced did (z.array(z.extend(connectionProfileSchema,
// { userId: z.string() })), z.record(z.string(), z.string()), z.string()): stored-connection.test.ts
// compares them on generated values, so a change to connectionProfileSchema that is not made here fails it.

type Parsed<T> = { success: true; data: T } | { success: false };

const FAIL = { success: false } as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The gateway URL rules of gatewayUrlSchema, on the trimmed value. */
function isGatewayUrl(v: string): boolean {
  return (
    v.length >= 1 &&
    (v.startsWith('/') || /^https?:\/\/[^/\s]+/i.test(v)) &&
    !v.startsWith('//') &&
    !/[?#]/.test(v) &&
    !/^[a-z]+:\/\/[^/]*@/i.test(v)
  );
}

/** One stored profile as connectionProfileSchema reads it (strings trimmed, unknown keys dropped); userId any string. */
function readProfile(raw: unknown): ConnectionProfile | null {
  if (!isObject(raw)) return null;
  const { id, name, gatewayUrl, token, rememberToken, userId, channel, appSource } = raw;
  if (typeof id !== 'string' || id.length < 1) return null;
  if (typeof name !== 'string' || typeof gatewayUrl !== 'string' || typeof token !== 'string') return null;
  if (typeof rememberToken !== 'boolean' || typeof userId !== 'string') return null;
  if (typeof channel !== 'string' || typeof appSource !== 'string') return null;
  const profile = {
    id,
    name: name.trim(),
    gatewayUrl: gatewayUrl.trim(),
    token: token.trim(),
    rememberToken,
    userId,
    channel: channel.trim(),
    appSource: appSource.trim(),
  };
  const ok =
    profile.name.length >= 1 &&
    profile.name.length <= 40 &&
    isGatewayUrl(profile.gatewayUrl) &&
    !/\s/.test(profile.token) &&
    (profile.channel === '' || /^-?[0-9]{1,10}$/.test(profile.channel)) &&
    profile.appSource.length <= 64;
  return ok ? profile : null;
}

/** console.connection.profiles: every profile must read, or none is kept. */
export const storedProfilesSchema = {
  safeParse(value: unknown): Parsed<ConnectionProfile[]> {
    if (!Array.isArray(value)) return FAIL;
    const profiles: ConnectionProfile[] = [];
    for (const raw of value) {
      const profile = readProfile(raw);
      if (!profile) return FAIL;
      profiles.push(profile);
    }
    return { success: true, data: profiles };
  },
};

/** console.connection.session-tokens: profile id → token, every value a string. */
export const storedTokensSchema = {
  safeParse(value: unknown): Parsed<Record<string, string>> {
    if (!isObject(value)) return FAIL;
    const tokens: Record<string, string> = {};
    for (const key of Object.keys(value)) {
      if (key === '__proto__') continue; // as zod's record: never the prototype
      const token = value[key];
      if (typeof token !== 'string') return FAIL;
      tokens[key] = token;
    }
    return { success: true, data: tokens };
  },
};

/** console.connection.active: a profile id. */
export const storedStringSchema = {
  safeParse: (value: unknown): Parsed<string> => (typeof value === 'string' ? { success: true, data: value } : FAIL),
};
