import fc from 'fast-check';
import { TEST_TOKEN } from '../test-gateway';

const MAX_LONG = 2n ** 63n - 1n;

/** The oracle's own reading of "X-User-Id is a Long": 1 to 19 digits, at most 2^63 - 1. */
export const isLongDigits = (s: string) => /^[0-9]{1,19}$/.test(s) && BigInt(s) <= MAX_LONG;

/** Characters a header value can carry (Latin-1 printable); Headers rejects the rest. */
const headerChar = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((c) => String.fromCharCode(c));
export const headerText = (maxLength = 40) => fc.string({ unit: headerChar, maxLength });

/** values: one entry per header line (none = missing). code: what the header alone causes (0 = fine). */
type UserIdCase = { caseClass: string; values: string[]; code: 0 | 2000 | 2001; userId: string | null };

const validUserId = fc
  .oneof(
    fc.constantFrom('1', '2', '001', ' 2 ', '9223372036854775807', '0'),
    fc.integer({ min: 1, max: 60 }).map(String),
    fc.bigInt({ min: 0n, max: MAX_LONG }).map(String),
  )
  .map((v): UserIdCase => ({ caseClass: 'user-id-valid', values: [v], code: 0, userId: BigInt(v.trim()).toString() }));

const numberLike = fc.constantFrom(
  '1e3',
  '0x10',
  '-1',
  '+1',
  '1.0',
  '1_000',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0.0',
  '1 2',
  '9223372036854775808',
  '99999999999999999999',
  '00000000000000000001',
  'null',
  'undefined',
  'true',
  '[1]',
  '{"id":1}',
);

export const userIdCase: fc.Arbitrary<UserIdCase> = fc.oneof(
  { weight: 6, arbitrary: validUserId },
  { weight: 1, arbitrary: fc.constant<UserIdCase>({ caseClass: 'user-id-missing', values: [], code: 2000, userId: null }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', ' ', '\t ')
      .map((v): UserIdCase => ({ caseClass: 'user-id-blank', values: [v], code: 2000, userId: null })),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.integer({ min: 1, max: 99 }).map(String), { minLength: 2, maxLength: 3 })
      .map((values): UserIdCase => ({ caseClass: 'user-id-duplicated', values, code: 2001, userId: null })),
  },
  {
    weight: 2,
    arbitrary: numberLike.map((v): UserIdCase => ({ caseClass: 'user-id-number-like', values: [v], code: 2001, userId: null })),
  },
  {
    weight: 1,
    arbitrary: headerText()
      .filter((v) => v.trim() !== '' && !isLongDigits(v.trim()))
      .map((v): UserIdCase => ({ caseClass: 'user-id-junk', values: [v], code: 2001, userId: null })),
  },
);

/** ok: the gateway accepts the Authorization lines (none at all is judged per operation). */
type AuthCase = { caseClass: string; values: string[]; ok: boolean };

export const authCase: fc.Arbitrary<AuthCase> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<AuthCase>({ caseClass: 'auth-missing', values: [], ok: false }) },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom(`Bearer ${TEST_TOKEN}`, `bearer ${TEST_TOKEN}`, `BEARER   ${TEST_TOKEN}  `)
      .map((v): AuthCase => ({ caseClass: 'auth-valid', values: [v], ok: true })),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: fc.constantFrom(...'abcdefXYZ0123456789-._~+/='.split('')), minLength: 1, maxLength: 30 })
      .filter((t) => t !== TEST_TOKEN)
      .map((t): AuthCase => ({ caseClass: 'auth-wrong-token', values: [`Bearer ${t}`], ok: false })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', TEST_TOKEN, `Basic ${TEST_TOKEN}`, 'Bearer', 'Bearer ', `Bearer ${TEST_TOKEN} extra`, `Token ${TEST_TOKEN}`)
      .map((v): AuthCase => ({ caseClass: 'auth-malformed', values: [v], ok: false })),
  },
  {
    weight: 1,
    arbitrary: fc.constant<AuthCase>({ caseClass: 'auth-duplicated', values: [`Bearer ${TEST_TOKEN}`, `Bearer ${TEST_TOKEN}`], ok: false }),
  },
);

/** Headers the operations must not trip over: missing, duplicated or junk Content-Type, Accept, X-Channel, X-App-Source. */
export const noiseHeaders: fc.Arbitrary<Array<[string, string]>> = fc
  .record({
    contentType: fc.oneof(
      fc.constant<string[]>(['application/json;charset=UTF-8']),
      fc.constant<string[]>([]),
      fc.constantFrom<string[]>(
        ['text/html'],
        ['application/json', 'application/json'],
        ['multipart/form-data; boundary=x'],
        ['application/json;charset=latin1'],
      ),
    ),
    accept: fc.oneof(
      fc.constant<string[]>(['application/json;charset=UTF-8']),
      fc.constant<string[]>([]),
      fc.constantFrom<string[]>(['text/html'], ['*/*', 'text/plain']),
    ),
    channel: fc.array(fc.oneof(fc.constantFrom('0', '100', '-1', '2147483648', 'NaN', '1e3', ''), headerText(12)), { maxLength: 2 }),
    appSource: fc.array(headerText(30), { maxLength: 2 }),
  })
  .map(({ contentType, accept, channel, appSource }) => [
    ...contentType.map((v): [string, string] => ['Content-Type', v]),
    ...accept.map((v): [string, string] => ['Accept', v]),
    ...channel.map((v): [string, string] => ['X-Channel', v]),
    ...appSource.map((v): [string, string] => ['X-App-Source', v]),
  ]);

export const headerLines = (name: string, values: readonly string[]) => values.map((v): [string, string] => [name, v]);
