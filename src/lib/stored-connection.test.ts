import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { connectionProfileSchema } from './connection-profile';
import { storedProfilesSchema, storedStringSchema, storedTokensSchema } from './stored-connection';

// The zod schemas the connection store read its stored values with until the hand-written checks
// replaced them (zod is kept out of the first visit): both must accept and give the same values.
const zodProfiles = z.array(z.extend(connectionProfileSchema, { userId: z.string() }));
const zodTokens = z.record(z.string(), z.string());
const zodString = z.string();

const outcome = (result: { success: boolean; data?: unknown }) => (result.success ? { ok: true, data: result.data } : { ok: false });

// Strings near every rule's edge: spaces around, inner whitespace, ? # @ //, digits and signs, long ones.
const pieces = [
  '',
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '/',
  '//',
  'api',
  'http://',
  'https://',
  'HTTPS://',
  'ftp://',
  'gw.example',
  '?',
  '#',
  '@',
  'u:p@',
  '-',
  '7',
  '1234567890',
  '12345678901',
  'x',
  '名',
];
const edgy = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { maxLength: 6 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 70 }),
  fc.nat(70).map((n) => 'a'.repeat(n)),
  fc.nat(70).map((n) => ` ${'b'.repeat(n)} `),
);
const anyJson = fc.oneof(edgy, fc.boolean(), fc.integer(), fc.constant(null), fc.constant([]), fc.constant({}));
const field = (valid: fc.Arbitrary<unknown>) => fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: anyJson });
const validish = {
  id: fc.oneof(edgy, fc.constant('local')),
  name: fc.oneof(edgy, fc.constant('Staging')),
  gatewayUrl: fc.oneof(edgy, fc.constantFrom('/api', ' https://gw.example/api ', 'http://127.0.0.1:8080', 'https://a@b', 'https://gw/x@y')),
  token: fc.oneof(edgy, fc.constant(' tok ')),
  rememberToken: fc.boolean(),
  userId: fc.oneof(edgy, fc.constant('9223372036854775807')),
  channel: fc.oneof(edgy, fc.constantFrom('', ' 3 ', '-12', '12345678901')),
  appSource: fc.oneof(edgy, fc.constant('console')),
};
const storedProfile = fc.oneof(
  { weight: 10, arbitrary: fc.record(Object.fromEntries(Object.entries(validish).map(([k, v]) => [k, field(v)])), { requiredKeys: [] }) },
  // Every field valid but strings edgy, with an extra key a newer version might have stored.
  { weight: 3, arbitrary: fc.record({ ...validish, extra: anyJson }) },
  { weight: 1, arbitrary: anyJson },
);

describe('stored connection values, checked by hand', () => {
  it('read profiles exactly as connectionProfileSchema (userId any string) would', () => {
    fc.assert(
      fc.property(
        fc.oneof({ weight: 6, arbitrary: fc.array(storedProfile, { maxLength: 3 }) }, { weight: 1, arbitrary: anyJson }),
        (stored) => {
          expect(outcome(storedProfilesSchema.safeParse(stored))).toEqual(outcome(zodProfiles.safeParse(stored)));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('accept a saved profile as it was saved, trimmed, without unknown keys', () => {
    const saved = {
      id: 'p1',
      name: ' Staging ',
      gatewayUrl: ' https://gw.example/api ',
      token: ' t ',
      rememberToken: true,
      userId: '42',
      channel: ' 3 ',
      appSource: 'x',
      old: 1,
    };
    expect(storedProfilesSchema.safeParse([saved])).toEqual({
      success: true,
      data: [
        {
          id: 'p1',
          name: 'Staging',
          gatewayUrl: 'https://gw.example/api',
          token: 't',
          rememberToken: true,
          userId: '42',
          channel: '3',
          appSource: 'x',
        },
      ],
    });
  });

  it.each([
    ['a gateway URL with a password', { gatewayUrl: 'https://user:secret@gw.example/api' }],
    ['a gateway URL with a query string', { gatewayUrl: '/api?token=x' }],
    ['a protocol-relative gateway URL', { gatewayUrl: '//gw.example/api' }],
    ['a token with a space inside', { token: 'a b' }],
    ['a channel that is not a whole number', { channel: '3.5' }],
  ])('refuse the whole list for %s', (_, change) => {
    const good = { id: 'p1', name: 'Staging', gatewayUrl: '/api', token: '', rememberToken: false, userId: '', channel: '', appSource: '' };
    expect(storedProfilesSchema.safeParse([good]).success).toBe(true);
    expect(storedProfilesSchema.safeParse([good, { ...good, ...change }])).toEqual({ success: false });
  });

  it('read session tokens and the active id exactly as zod would', () => {
    const tokens = fc.oneof(fc.dictionary(fc.oneof(edgy, fc.constant('__proto__')), field(edgy), { maxKeys: 4 }), anyJson);
    fc.assert(
      fc.property(tokens, (stored) => {
        expect(outcome(storedTokensSchema.safeParse(stored))).toEqual(outcome(zodTokens.safeParse(stored)));
        expect(outcome(storedStringSchema.safeParse(stored))).toEqual(outcome(zodString.safeParse(stored)));
      }),
      { numRuns: 1000 },
    );
  });

  it('never let a stored "__proto__" key reach the prototype', () => {
    const parsed = storedTokensSchema.safeParse(JSON.parse('{"__proto__": {"polluted": "yes"}, "p1": "t"}'));
    expect(parsed).toEqual({ success: true, data: { p1: 't' } });
    expect(Object.getPrototypeOf(parsed.success ? parsed.data : null)).toBe(Object.prototype);
  });
});
