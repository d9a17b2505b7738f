import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechResponseSchema, speechSegmentSchema } from '#contract';
import { createSpeechService } from '../speech/speech-service';
import { openGatewayDatabase } from '../storage/gateway-database';
import { envelopeOf, makeTestGateway, TEST_TOKEN, type TestGateway } from '../../testing/test-gateway';
import { DEFAULT_POINTS, speechCost } from '../users/points-ledger';

type SpeechData = {
  taskId: string;
  targetAudioUrl: string;
  sourceLanguage: string;
  targetLanguage: string;
  speeches: unknown[];
  userId: number;
};

// The route's rules (headers, body, points, contract) are the subject here, not the voice: the
// stand-in engine speaks for them, its audio through the same joiner, encoders and store. `real`
// (espeak-ng) makes one synthesis per format end to end through the route.
let gw: TestGateway;
let real: TestGateway;
let speechDataDir: string;
beforeAll(async () => {
  speechDataDir = await mkdtemp(join(tmpdir(), 'tts-'));
  gw = await makeTestGateway({ speech: createSpeechService({ dataDir: speechDataDir, engine: 'stand-in' }) });
  const realDataDir = await mkdtemp(join(tmpdir(), 'tts-real-'));
  real = await makeTestGateway({ dataDir: realDataDir, speech: createSpeechService({ dataDir: realDataDir }) });
});
afterAll(async () => {
  await gw.deps.close();
  await real.deps.close();
});

const HEADERS = { Authorization: `Bearer ${TEST_TOKEN}`, 'X-User-Id': '501' };
const OK_BODY = { sourceText: 'Hello world.', voiceName: 'en-us' };

function tts(body: unknown, headers: Record<string, string | undefined> = HEADERS, api = gw.api) {
  const h = Object.fromEntries(
    Object.entries({ 'Content-Type': 'application/json;charset=UTF-8', ...headers }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  return api.request('/api/speechSynthesis/textToSpeech', {
    method: 'POST',
    headers: h,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const codeOf = async (body: unknown, headers?: Record<string, string | undefined>) => (await envelopeOf(await tts(body, headers))).code;
const withBody = (extra: Record<string, unknown>) => ({ ...OK_BODY, ...extra });

describe('textToSpeech: headers', () => {
  it.each([
    ['no Authorization', { ...HEADERS, Authorization: undefined }],
    ['an unknown token', { ...HEADERS, Authorization: 'Bearer nope' }],
    ['not a Bearer header', { ...HEADERS, Authorization: TEST_TOKEN }],
  ])('%s → HTTP 401 with the envelope', async (_, headers) => {
    const res = await tts(OK_BODY, headers);
    expect(res.status).toBe(401);
    expect(await envelopeOf(res)).toMatchObject({ code: 401, data: null });
  });

  it('X-User-Id missing → 2000, not numeric → 2001', async () => {
    expect(await codeOf(OK_BODY, { ...HEADERS, 'X-User-Id': undefined })).toBe(2000);
    expect(await codeOf(OK_BODY, { ...HEADERS, 'X-User-Id': '12a' })).toBe(2001);
  });

  it('X-User-Id overrides userId in the body, and is charged', async () => {
    const res = await envelopeOf<SpeechData>(await tts(withBody({ userId: 7 }), { ...HEADERS, 'X-User-Id': '777' }));
    expect(res.data?.userId).toBe(777);
    expect(gw.deps.points.balance('777')).toBe(DEFAULT_POINTS - speechCost(OK_BODY.sourceText));
    expect(gw.deps.points.balance('7')).toBe(DEFAULT_POINTS);
  });

  it('a userId above 2^53 comes back as its exact digits, a bare JSON integer', async () => {
    const text = await (await tts(OK_BODY, { ...HEADERS, 'X-User-Id': '9223372036854775807' })).text();
    expect(text).toMatch(/"userId":9223372036854775807}}$/);
  });

  it.each([
    [undefined, 'web', 0, 'web'],
    ['abc', 'web', 0, 'web'],
    ['12', 'web', 12, 'web'],
    ['100', 'web', 100, null],
  ])('X-Channel %s with X-App-Source %s is recorded as channel %s, source %s', async (channel, source, wantChannel, wantSource) => {
    const res = await envelopeOf<SpeechData>(await tts(OK_BODY, { ...HEADERS, 'X-Channel': channel, 'X-App-Source': source }));
    const fileId = new URL(res.data!.targetAudioUrl).pathname.split('/').pop()!;
    const { db, close } = await openGatewayDatabase(speechDataDir);
    const row = db.prepare('SELECT user_id, channel, app_source FROM audio WHERE file_id = ?').get(fileId);
    close();
    expect(row).toMatchObject({ user_id: '501', channel: wantChannel, app_source: wantSource });
  });
});

describe('textToSpeech: body rules', () => {
  it.each([
    ['not JSON', '{"sourceText":', 2001],
    ['a JSON array', '[1]', 2001],
    ['no body', '', 2000],
  ])('%s → %s', async (_, body, code) => {
    expect(await codeOf(body)).toBe(code);
  });

  it.each([
    ['missing', { voiceName: 'en-us' }, 2000],
    ['null', { sourceText: null, voiceName: 'en-us' }, 2000],
    ['empty', { sourceText: '', voiceName: 'en-us' }, 2000],
    ['whitespace', { sourceText: ' \n\t ', voiceName: 'en-us' }, 2000],
    ['a number', { sourceText: 12, voiceName: 'en-us' }, 2001],
    ['an array', { sourceText: ['hi'], voiceName: 'en-us' }, 2001],
  ])('sourceText %s → %s', async (_, body, code) => {
    expect(await codeOf(body)).toBe(code);
  });

  it.each([
    ['neither voiceName nor timbreNumber', { voiceName: undefined }, 2000],
    ['an unknown voiceName', { voiceName: 'nobody' }, 2001],
    ['an empty voiceName', { voiceName: '' }, 2001],
    ['a numeric voiceName', { voiceName: 5 }, 2001],
    ['timbreNumber -1', { voiceName: undefined, timbreNumber: -1 }, 2001],
    ['timbreNumber 9', { voiceName: undefined, timbreNumber: 9 }, 2001],
    ['timbreNumber 1.5', { voiceName: undefined, timbreNumber: 1.5 }, 2001],
    ['timbreNumber "1"', { voiceName: undefined, timbreNumber: '1' }, 2001],
    ['a targetLanguage outside the list', { targetLanguage: 'xx' }, 2001],
    ['a numeric targetLanguage', { targetLanguage: 1 }, 2001],
    ['a voice that does not speak targetLanguage', { targetLanguage: 'zh' }, 2001],
    ['speedFactor 0.49', { speedFactor: 0.49 }, 2001],
    ['speedFactor 2.01', { speedFactor: 2.01 }, 2001],
    ['speedFactor "1"', { speedFactor: '1' }, 2001],
    ['volume -60.01', { volume: -60.01 }, 2001],
    ['volume 20.01', { volume: 20.01 }, 2001],
    ['volume true', { volume: true }, 2001],
    ['emotion 7', { emotion: 7 }, 2001],
    ['emotion 2.5', { emotion: 2.5 }, 2001],
    ['emotion -1', { emotion: -1 }, 2001],
    ['common 2', { common: 2 }, 2001],
    ['common "0"', { common: '0' }, 2001],
    ['selectedEngine 9', { selectedEngine: 9 }, 2001],
    ['selectedEngine 0.5', { selectedEngine: 0.5 }, 2001],
  ])('%s → %s, nothing charged', async (_, extra, code) => {
    const before = gw.deps.points.balance('501');
    const res = await envelopeOf(await tts(withBody(extra)));
    expect(res).toMatchObject({ code, data: null });
    expect(gw.deps.points.balance('501')).toBe(before);
  });

  it.each([
    ['speedFactor 0.5', { speedFactor: 0.5 }],
    ['speedFactor 2', { speedFactor: 2 }],
    ['volume -60', { volume: -60 }],
    ['volume 20', { volume: 20 }],
    ['emotion 0', { emotion: 0 }],
    ['emotion 6', { emotion: 6 }],
    ['timbreNumber 8 alone', { voiceName: undefined, timbreNumber: 8 }],
    ['timbreNumber 0 with targetLanguage es', { voiceName: undefined, timbreNumber: 0, targetLanguage: 'es' }],
    ['common 1, selectedEngine 1', { common: 1, selectedEngine: 1 }],
    ['nulls for optional fields', { targetLanguage: null, speedFactor: null, format: null }],
  ])('%s is accepted', async (_, extra) => {
    expect(await codeOf(withBody(extra))).toBe(0);
  });
});

describe('textToSpeech: results', () => {
  it('answers the contract with a signed absolute URL that serves the audio', async () => {
    const res = await tts({ sourceText: 'Good morning. How are you?', voiceName: 'en-us+f2', format: 'mp3' });
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    const env = speechResponseSchema.parse(await res.json());
    const data = env.data!;
    expect(env.code).toBe(0);
    expect(data.taskId).toMatch(/^Service_AI/);
    expect(data).toMatchObject({ sourceLanguage: 'en', targetLanguage: 'en', userId: 501 });
    expect(data.speeches?.map((s) => speechSegmentSchema.parse(s).text)).toEqual(['Good morning.', 'How are you?']);
    const url = new URL(data.targetAudioUrl);
    expect(url.pathname).toMatch(/^\/api\/files\/audio\/[0-9a-f]{32}$/);
    const file = await gw.api.request(url.pathname + url.search);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(new Uint8Array(await file.arrayBuffer())[0]).toBe(0xff);
  });

  it.each([
    ['ogg', 'audio/wav'],
    [42, 'audio/wav'],
    ['MP3', 'audio/mpeg'],
    ['pcm', 'application/octet-stream'],
  ])('format %s → %s, spoken by the real engine', async (format, type) => {
    const data = (await envelopeOf<SpeechData>(await tts(withBody({ format }), HEADERS, real.api))).data!;
    const url = new URL(data.targetAudioUrl);
    expect((await real.api.request(url.pathname + url.search)).headers.get('Content-Type')).toBe(type);
  });

  it('targetLanguage defaults to the detected source language when only a timbre is given', async () => {
    const data = (await envelopeOf<SpeechData>(await tts({ sourceText: 'Hola, ¿cómo estás? Muy bien, gracias.', timbreNumber: 3 }))).data!;
    expect(data).toMatchObject({ sourceLanguage: 'es', targetLanguage: 'es' });
  });

  it('5000 characters are kept whole; the 5001st is cut (last segment and points charged show it)', async () => {
    const text5000 = 'Hello world again. '.repeat(263) + 'Yes';
    expect([...text5000].length).toBe(5000);
    for (const [userId, text] of [
      ['601', text5000],
      ['602', `${text5000}Z`],
    ] as const) {
      const data = (
        await envelopeOf<SpeechData>(
          await tts({ sourceText: text, voiceName: 'en-us', format: 'pcm' }, { ...HEADERS, 'X-User-Id': userId }),
        )
      ).data!;
      const segments = data.speeches.map((s) => speechSegmentSchema.parse(s));
      expect(segments.at(-1)?.text).toBe('Yes');
      expect(segments.length).toBe(264);
      expect(gw.deps.points.balance(userId)).toBe(DEFAULT_POINTS - 500);
    }
  });
});

describe('textToSpeech: points and failures', () => {
  const cost = speechCost(OK_BODY.sourceText);

  it('a balance of exactly the cost is enough; one point less → 10091 insufficient points', async () => {
    gw.deps.points.set('701', cost);
    expect(await codeOf(OK_BODY, { ...HEADERS, 'X-User-Id': '701' })).toBe(0);
    expect(gw.deps.points.balance('701')).toBe(0);
    gw.deps.points.set('702', cost - 1);
    const res = await envelopeOf(await tts(OK_BODY, { ...HEADERS, 'X-User-Id': '702' }));
    expect(res).toEqual({ code: 10091, message: 'insufficient points', data: null });
    expect(gw.deps.points.balance('702')).toBe(cost - 1);
  });

  it('an engine failure → 2107 voice synthesis failed, and the points come back', async () => {
    const broken = await makeTestGateway();
    const res = await envelopeOf(await tts(OK_BODY, HEADERS, broken.api));
    expect(res).toEqual({ code: 2107, message: 'voice synthesis failed', data: null });
    expect(broken.deps.points.balance('501')).toBe(DEFAULT_POINTS);
    await broken.deps.close();
  });
});
