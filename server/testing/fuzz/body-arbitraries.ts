import fc from 'fast-check';
import { MAX_BODY_BYTES } from '../../gateway/read-json-body';
import type { BodyMaker, Expected } from './fuzz-client';
import { answer } from './fuzz-client';
import { deepArray, deepObject, raw, type RawJson } from './raw-json';

/** A body that fails the same way on every operation, once the headers pass. */
type HostileBody = { caseClass: string; body: BodyMaker; extraHeaders: Array<[string, string]>; expected: Expected };

const encoder = new TextEncoder();
const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
const isUtf8 = (bytes: Uint8Array) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

const text =
  (caseClass: string, expected: Expected) =>
  (t: string): HostileBody => ({ caseClass, body: () => t, extraHeaders: [], expected });

const invalidJson = fc
  .oneof(
    fc.constantFrom(
      '{',
      '{"taskId":',
      '{taskId:"Service_AI_1"}',
      "{'count':1}",
      '{"count":1,}',
      'NaN',
      'Infinity',
      '-',
      '{"count":NaN}',
      '{"points":Infinity}',
      '{"speedFactor":-Infinity}',
      '{"a":1}{"b":2}',
      '{"count":01}',
      '{"count":.5}',
      '{"count":+1}',
      '{"a":"\\x41"}',
      '{"a":"\u0001"}',
      '{"a":undefined}',
      '{"a":1e}',
      '{"a":0x10}',
      '/*c*/{}',
      '{"a":"\\ud800"',
      ' ',
    ),
    fc.string({ maxLength: 200 }),
    fc.string({ maxLength: 100 }).map((s) => `{"sourceText":"${s}`),
  )
  .filter((t) => t !== '' && !parses(t))
  .map(text('body-invalid-json', answer(2001)));

const notAnObject = fc
  .oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom<unknown>(null, [], [{}], 'x', 0, true))
  .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
  .map((v) => JSON.stringify(v) ?? 'null')
  .map(text('body-not-an-object', answer(2001)));

const badUtf8Sequences: number[][] = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0x80],
  [0xf5, 0x80, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc3],
];
const invalidUtf8 = fc
  .record({
    before: fc.string({ maxLength: 30 }),
    bad: fc.constantFrom(...badUtf8Sequences),
    field: fc.constantFrom('sourceText', 'taskId', 'count', 'points', 'x'),
  })
  .map(({ before, bad, field }) => {
    const head = encoder.encode(`{"${field}":"${JSON.stringify(before).slice(1, -1)}`);
    const bytes = new Uint8Array([...head, ...bad, ...encoder.encode('"}')]);
    return bytes;
  })
  .filter((bytes) => !isUtf8(bytes))
  .map((bytes): HostileBody => ({ caseClass: 'body-invalid-utf8', body: () => bytes.slice(), extraHeaders: [], expected: answer(2001) }));

const deepRoot = fc
  .oneof(fc.constant(10_000), fc.integer({ min: 1_000, max: 200_000 }))
  .chain((depth) => fc.constantFrom(deepArray(depth)))
  .map((r: RawJson) => r.text)
  .map(text('body-deep-root', answer(2001)));

const TOO_LARGE = answer(2001, 413);
const chunk = new Uint8Array(64 * 1024).fill(0x20);

/** Over the cap: a real big body, a Content-Length that says so, a chunked stream, an endless one. */
const oversize = fc.oneof(
  fc.integer({ min: 1, max: 4096 }).map((extra): HostileBody => ({
    caseClass: 'body-oversize',
    body: () => `{"sourceText":"${'a'.repeat(MAX_BODY_BYTES + extra - 17)}"}`,
    extraHeaders: [],
    expected: TOO_LARGE,
  })),
  fc.constantFrom(String(MAX_BODY_BYTES + 1), '99999999999', '1e9').map((length): HostileBody => ({
    caseClass: 'body-oversize-declared',
    body: () => '{}',
    extraHeaders: [['Content-Length', length]],
    expected: TOO_LARGE,
  })),
  fc.boolean().map((endless): HostileBody => ({
    caseClass: endless ? 'body-oversize-endless-stream' : 'body-oversize-stream',
    body: () => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!endless && sent > MAX_BODY_BYTES) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk.slice());
        },
      });
    },
    extraHeaders: [],
    expected: TOO_LARGE,
  })),
);

const brokenStream = fc.constant<HostileBody>({
  caseClass: 'body-broken-stream',
  body: () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"count":'));
        controller.error(new Error('connection reset'));
      },
    }),
  extraHeaders: [],
  expected: answer(2001),
});

/** Weighted so that the expensive ones (1 MB) stay a small share of runs. */
export const hostileBody: fc.Arbitrary<HostileBody> = fc.oneof(
  { weight: 6, arbitrary: invalidJson },
  { weight: 3, arbitrary: notAnObject },
  { weight: 3, arbitrary: invalidUtf8 },
  { weight: 1, arbitrary: deepRoot },
  { weight: 1, arbitrary: oversize },
  { weight: 1, arbitrary: brokenStream },
);

/** Values with the wrong JSON type for a field that wants a number (or a string: then pass skipStrings). */
export const wrongType = (wanted: 'number' | 'string') =>
  fc.oneof(
    fc.constantFrom<unknown>(true, false, [], {}, [1], { value: 1 }),
    wanted === 'number' ? fc.string({ maxLength: 20 }) : fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: 1_000, max: 20_000 }).map((d) => (d % 2 ? deepArray(d) : deepObject(d))),
  );

/** Numbers written as strings and NaN-like values, for fields that want a number. */
const numberAsString = fc.oneof(
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1', '0', '-0', '1.5', '1e3', '0x10', ' 1 ', ''),
  fc.double({ noNaN: true }).map(String),
);

/** Raw JSON numbers JSON.stringify can't write: overflow to ±Infinity, -0, underflow to 0. */
export const rawNumber = fc.constantFrom(raw('1e309'), raw('-1e309'), raw('-0'), raw('1e-400'), raw('-0.0'), raw('100e-2'), raw('1E0'));
const rawNumberValue = (r: RawJson) => JSON.parse(r.text) as number;

/** Anything a number field in [min, max] (integer or not) must refuse with 2001. */
export const invalidNumber = (min: number, max: number, integer: boolean) =>
  fc.oneof(
    fc
      .oneof(
        fc.double({ max: min, maxExcluded: true, noNaN: true, noDefaultInfinity: true }),
        fc.double({ min: max, minExcluded: true, noNaN: true, noDefaultInfinity: true }),
      )
      .filter((x) => x < min || x > max),
    integer ? fc.double({ min, max, noNaN: true }).filter((x) => !Number.isInteger(x)) : fc.constantFrom(raw('1e309'), raw('-1e309')),
    numberAsString,
    wrongType('number'),
    rawNumber.filter((r: RawJson) => {
      const x = rawNumberValue(r);
      return !(Number.isFinite(x) && x >= min && x <= max && (!integer || Number.isInteger(x)));
    }),
  );
