import { afterEach, describe, expect, it } from 'vitest';
import { SynthesisCancelledError } from '../speech/speech-errors';
import type { SpeechService, SynthesisInput } from '../speech/speech-service';
import { openGatewayDatabase } from '../storage/gateway-database';
import { envelopeOf, makeTestGateway, TEST_TOKEN, type TestGateway } from '../../testing/test-gateway';
import { DEFAULT_POINTS, PointsLedger, speechCost } from '../users/points-ledger';

const BODY = { sourceText: 'Hello there, this is a test.', voiceName: 'en-us' };
const COST = speechCost(BODY.sourceText);

/** Speech whose takes wait until released (or cancelled by their signal, or by close()). */
function gatedSpeech() {
  const waiting: { input: SynthesisInput; finish: () => void; fail: (e: Error) => void }[] = [];
  const service: SpeechService = {
    readAudio: async () => null,
    synthesize: (input, { signal } = {}) =>
      new Promise((resolve, reject) => {
        const finish = () =>
          resolve({
            fileId: 'f'.repeat(32),
            format: 'wav',
            durationMs: 1,
            sourceLanguage: 'en',
            targetLanguage: 'en',
            voiceName: 'en-us',
            speeches: [],
          });
        signal?.addEventListener('abort', () => reject(new SynthesisCancelledError()));
        waiting.push({ input, finish, fail: reject });
      }),
    close: async () => waiting.splice(0).forEach((w) => w.fail(new Error('the speech service is closed'))),
  };
  return { service, waiting };
}

let gw: TestGateway;
afterEach(() => gw.deps.close());

const SECOND_TOKEN = 'second-token';
const THIRD_TOKEN = 'third-token';
const send = (userId: string, signal?: AbortSignal, token = TEST_TOKEN) =>
  gw.api.request(
    new Request('http://localhost/api/speechSynthesis/textToSpeech', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'X-User-Id': userId },
      body: JSON.stringify(BODY),
      ...(signal ? { signal } : {}),
    }),
  );
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

describe('synthesis admission', () => {
  it('answers "busy" (429 envelope) past SPEECH_QUEUE_PER_USER, charging nothing, while other users still get in', async () => {
    const speech = gatedSpeech();
    gw = await makeTestGateway({ speech: speech.service, limits: { speechQueue: { perUser: 2, total: 10 } } });
    const first = [send('1'), send('1')];
    await until(() => speech.waiting.length === 2);
    const refused = await send('1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(await envelopeOf(refused)).toMatchObject({
      code: 429,
      data: null,
      message: expect.stringMatching(/^Busy: .*SPEECH_QUEUE_PER_USER/),
    });
    expect(gw.deps.points.balance('1')).toBe(DEFAULT_POINTS - 2 * COST);
    const other = send('2');
    await until(() => speech.waiting.length === 3);
    speech.waiting.forEach((w) => w.finish());
    expect((await Promise.all([...first, other])).map((r) => r.status)).toEqual([200, 200, 200]);
    // Once one has finished, the user is admitted again.
    const again = send('1');
    await until(() => speech.waiting.length === 4);
    speech.waiting[3]!.finish();
    expect((await envelopeOf(await again)).code).toBe(0);
  });

  it('answers "busy" past SPEECH_QUEUE_TOTAL, whoever asks', async () => {
    const speech = gatedSpeech();
    gw = await makeTestGateway({
      speech: speech.service,
      tokens: [TEST_TOKEN, SECOND_TOKEN, THIRD_TOKEN],
      limits: { speechQueue: { perUser: 1, total: 2 } },
    });
    const running = [send('1'), send('2', undefined, SECOND_TOKEN)];
    await until(() => speech.waiting.length === 2);
    const refused = await send('3', undefined, THIRD_TOKEN);
    expect(refused.headers.get('Retry-After')).toMatch(/^[1-9][0-9]*$/);
    expect(await envelopeOf(refused)).toMatchObject({ code: 429, message: expect.stringMatching(/SPEECH_QUEUE_TOTAL/) });
    expect(gw.deps.points.balance('3')).toBe(DEFAULT_POINTS);
    speech.waiting.forEach((w) => w.finish());
    await Promise.all(running);
  });
});

describe('synthesis admission by caller (red team finding 7)', () => {
  it('a token rotating X-User-Id holds at most its fair share; another token still gets in', async () => {
    const speech = gatedSpeech();
    gw = await makeTestGateway({ speech: speech.service, tokens: [TEST_TOKEN, SECOND_TOKEN] });
    // 16 user IDs, 2 each: 32 asks from one token against SPEECH_QUEUE_TOTAL 8.
    const refused: Response[] = [];
    const flood = Array.from({ length: 32 }, (_, i) =>
      Promise.resolve(send(String(9200 + (i % 16)))).then((r) => (r.status === 429 ? refused.push(r) : r)),
    );
    await until(() => refused.length + speech.waiting.length === 32);
    expect(speech.waiting.length).toBe(4); // alone, half the queue: the rest stays free for others
    for (const r of refused) {
      expect(Number(r.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      expect((await envelopeOf(r)).message).toMatch(/SPEECH_QUEUE_PER_CALLER/);
    }
    // The second caller gets in, twice (its own users' bounds apply), while the flood still cannot.
    const other = [send('300', undefined, SECOND_TOKEN), send('301', undefined, SECOND_TOKEN)];
    await until(() => speech.waiting.length === 6);
    expect((await send('9299')).status).toBe(429);
    speech.waiting.forEach((w) => w.finish());
    expect((await Promise.all(other)).map((r) => r.status)).toEqual([200, 200]);
    await Promise.all(flood);
  });

  it('SPEECH_QUEUE_PER_CALLER bounds a caller below its share', async () => {
    const speech = gatedSpeech();
    gw = await makeTestGateway({ speech: speech.service, limits: { speechQueue: { perUser: 2, total: 8, perCaller: 1 } } });
    const first = send('1');
    await until(() => speech.waiting.length === 1);
    expect(await envelopeOf(await send('2'))).toMatchObject({ code: 429, message: expect.stringMatching(/SPEECH_QUEUE_PER_CALLER/) });
    speech.waiting[0]!.finish();
    await first;
  });
});

describe('charges', () => {
  it('a client that leaves cancels its synthesis and is not charged', async () => {
    const speech = gatedSpeech();
    gw = await makeTestGateway({ speech: speech.service });
    const client = new AbortController();
    const answer = Promise.resolve(send('5', client.signal)).catch(() => null);
    await until(() => speech.waiting.length === 1);
    expect(gw.deps.points.balance('5')).toBe(DEFAULT_POINTS - COST);
    client.abort();
    await answer;
    await until(() => gw.deps.points.heldCharges === 0);
    expect(gw.deps.points.balance('5')).toBe(DEFAULT_POINTS);
    expect(gw.deps.speechAdmission.inFlight).toBe(0);
  });

  it('a shutdown during synthesis refunds before the database closes', async () => {
    const speech = gatedSpeech();
    gw = await makeTestGateway({ speech: speech.service });
    const answer = send('6');
    await until(() => speech.waiting.length === 1);
    await gw.deps.close();
    expect((await envelopeOf(await answer)).code).toBe(2107);
    const ledger = await PointsLedger.open(gw.dataDir);
    expect([ledger.balance('6'), ledger.heldCharges]).toEqual([DEFAULT_POINTS, 0]);
    await ledger.close();
  });

  it('a charge left held by a crash is refunded at the next start', async () => {
    gw = await makeTestGateway();
    const held = gw.deps.points.hold('7', 40);
    expect(held).not.toBeNull();
    await gw.deps.close();
    gw = await makeTestGateway({ dataDir: gw.dataDir });
    expect([gw.deps.points.balance('7'), gw.deps.points.heldCharges]).toEqual([DEFAULT_POINTS, 0]);
    const { db, close } = await openGatewayDatabase(gw.dataDir);
    expect(db.prepare('SELECT COUNT(*) AS n FROM charges').get()).toMatchObject({ n: 0 });
    close();
  });
});
