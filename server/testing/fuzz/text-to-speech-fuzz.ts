import fc from 'fast-check';
import { EMBEDDED_LANGUAGES, SPEECH_ENGINES, VOICE_SCOPES, operations, speechResponseSchema } from '#contract';
import type { SpeechService } from '../../gateway/speech/speech-service';
import { MAX_TIMBRE_NUMBER } from '../../gateway/speech/voice-settings';
import type { TestGateway } from '../test-gateway';
import { hostileBody, invalidNumber, wrongType } from './body-arbitraries';
import { answer, expectAnswer, send } from './fuzz-client';
import { authCase, headerLines, noiseHeaders, userIdCase } from './header-arbitraries';
import { deepArray, raw, toJsonText } from './raw-json';
import { GATEWAY_MOUNT } from '../../gateway/files/url-signer';

/** Synthesizes nothing, instantly: the fuzz run is about the route, not espeak. */
export function instantSpeech(): SpeechService {
  let n = 0;
  return {
    readAudio: async () => null,
    synthesize: async (input) => ({
      fileId: (n++).toString(16).padStart(32, '0'),
      format: input.format,
      durationMs: 1,
      sourceLanguage: 'en',
      targetLanguage: input.targetLanguage ?? 'en',
      voiceName: input.voiceName ?? 'en-us',
      speeches: [],
    }),
  };
}

/** A user whose balance is 0: every valid request from them is 10091. */
const POOR_USER = '4242';

type SpeechBody = { caseClass: string; value: Record<string, unknown>; code: 0 | 2000 | 2001 };

const sourceText = fc.oneof(
  { weight: 8, arbitrary: fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim() !== '') },
  { weight: 1, arbitrary: fc.integer({ min: 5_001, max: 6_000 }).map((n) => 'é'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('-h', '--version', '<script>alert(1)</script>', '语音合成测试。', '\u0000\u200b text', '\ud83d\ude00 emoji'),
  },
);
const voice = fc.oneof(
  fc.constantFrom<Record<string, unknown>>({ voiceName: 'en-us' }, { voiceName: ' en-us ' }, { voiceName: 'en-us', targetLanguage: 'en' }),
  fc
    .integer({ min: 0, max: MAX_TIMBRE_NUMBER })
    .chain((timbreNumber) =>
      fc
        .option(fc.constantFrom(...EMBEDDED_LANGUAGES.map((l) => l.code), 'EN', ' de '))
        .map((lang) => ({ timbreNumber, ...(lang === null ? {} : { targetLanguage: lang }) })),
    ),
);
const inRange = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const validExtras = fc.record(
  {
    speedFactor: fc.oneof(inRange(0.5, 2), fc.constant(raw('100e-2')), fc.constant(null)),
    volume: fc.oneof(inRange(-60, 20), fc.constant(raw('-0'))),
    emotion: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constant(raw('-0')), fc.constant(raw('6.0'))),
    common: fc.constantFrom(...VOICE_SCOPES.map((v) => v.value)),
    selectedEngine: fc.constantFrom(...SPEECH_ENGINES.map((v) => v.value)),
    format: fc.oneof(fc.constantFrom('pcm', 'wav', 'mp3', 'MP3', ' wav ', 'ogg', ''), fc.jsonValue({ maxDepth: 2 })),
    userId: fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constant(raw('1e309'))),
    extra: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(deepArray(10_000))),
  },
  { requiredKeys: [] },
);

/** One fault in an otherwise valid body, and the code that fault alone must cause. */
const fault = fc.oneof(
  fc.constantFrom<[string, Record<string, unknown>, 2000 | 2001]>(
    ['source-text-missing', { sourceText: undefined }, 2000],
    ['source-text-missing', { sourceText: null }, 2000],
    ['source-text-missing', { sourceText: '' }, 2000],
    ['source-text-missing', { sourceText: ' \n\t ' }, 2000],
    ['voice-missing', { voiceName: undefined, timbreNumber: undefined }, 2000],
    ['voice-missing', { voiceName: null, timbreNumber: null }, 2000],
    ['voice-unknown', { voiceName: '' }, 2001],
    ['voice-unknown', { voiceName: '   ' }, 2001],
    ['voice-unknown', { voiceName: 'en-us', targetLanguage: 'zh' }, 2001],
  ),
  wrongType('string').map((v): [string, Record<string, unknown>, 2001] => ['source-text-wrong-type', { sourceText: v }, 2001]),
  fc.string({ maxLength: 20 }).map((s): [string, Record<string, unknown>, 2001] => ['voice-unknown', { voiceName: `zz-${s}` }, 2001]),
  fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !EMBEDDED_LANGUAGES.some((l) => l.code === s.trim().toLowerCase())),
      wrongType('string'),
    )
    .map((v): [string, Record<string, unknown>, 2001] => ['target-language-unsupported', { targetLanguage: v }, 2001]),
  invalidNumber(0, MAX_TIMBRE_NUMBER, true).map((v): [string, Record<string, unknown>, 2001] => [
    'timbre-invalid',
    { voiceName: undefined, timbreNumber: v },
    2001,
  ]),
  invalidNumber(0.5, 2, false).map((v): [string, Record<string, unknown>, 2001] => ['speed-factor-invalid', { speedFactor: v }, 2001]),
  invalidNumber(-60, 20, false).map((v): [string, Record<string, unknown>, 2001] => ['volume-invalid', { volume: v }, 2001]),
  invalidNumber(0, 6, true).map((v): [string, Record<string, unknown>, 2001] => ['emotion-invalid', { emotion: v }, 2001]),
  fc
    .oneof(invalidNumber(0, 1, true), fc.constant(raw('0.5')))
    .map((v): [string, Record<string, unknown>, 2001] => ['common-invalid', { common: v }, 2001]),
  invalidNumber(0, 1, true).map((v): [string, Record<string, unknown>, 2001] => ['engine-invalid', { selectedEngine: v }, 2001]),
);

const speechBody: fc.Arbitrary<SpeechBody> = fc
  .record({ sourceText, voice, extras: validExtras, fault: fc.option(fault, { freq: 2 }) })
  .map(({ sourceText, voice, extras, fault }) => {
    const value: Record<string, unknown> = { sourceText, ...voice, ...extras, ...(fault?.[1] ?? {}) };
    return fault ? { caseClass: fault[0], value, code: fault[2] } : { caseClass: 'speech-valid', value, code: 0 };
  });

/** Operation B: token (required) → X-User-Id → body → points; a failure never charges. */
export async function fuzzTextToSpeech(gw: TestGateway, numRuns: number): Promise<void> {
  gw.deps.points.set(POOR_USER, 0);
  const user = fc.oneof(
    { weight: 8, arbitrary: userIdCase },
    { weight: 1, arbitrary: fc.constant({ caseClass: 'user-poor', values: [POOR_USER], code: 0 as const, userId: POOR_USER }) },
  );
  const body = fc.oneof({ weight: 4, arbitrary: speechBody }, { weight: 1, arbitrary: hostileBody });
  await fc.assert(
    fc.asyncProperty(fc.record({ auth: authCase, user, noise: noiseHeaders, body }), async ({ auth, user, noise, body }) => {
      const hostile = 'body' in body;
      if (user.userId !== null && user.userId !== POOR_USER && gw.deps.points.balance(user.userId) < 1_000)
        gw.deps.points.set(user.userId, 100_000);
      const before = user.userId === null ? 0 : gw.deps.points.balance(user.userId);
      const res = await send(gw.api, `speech/${body.caseClass}`, {
        method: 'POST',
        path: `${GATEWAY_MOUNT}${operations.textToSpeech.path}`,
        headers: [
          ...noise,
          ...headerLines('Authorization', auth.values),
          ...headerLines('X-User-Id', user.values),
          ...(hostile ? body.extraHeaders : []),
        ],
        body: hostile ? body.body : () => toJsonText(body.value),
      });
      const bodyExpected = hostile ? body.expected : answer(body.code === 0 && user.userId === POOR_USER ? 10091 : body.code);
      const expected = !auth.ok ? answer(401, 401) : user.code !== 0 ? answer(user.code) : bodyExpected;
      const { envelope, text } = await expectAnswer(res, expected);
      const after = user.userId === null ? 0 : gw.deps.points.balance(user.userId);
      if (envelope.code !== 0) {
        if (after !== before) throw new Error(`a failed request (${envelope.code}) changed the balance ${before} → ${after}`);
        return;
      }
      if (!(after < before)) throw new Error(`a synthesis was not charged (${before} → ${after})`);
      if (!speechResponseSchema.safeParse(envelope).success) throw new Error(`success does not match the contract: ${text.slice(0, 300)}`);
      if (!text.includes(`"userId":${user.userId}}`)) throw new Error(`userId is not the header's, as a bare integer: ${text.slice(-80)}`);
    }),
    { numRuns },
  );
}
