// Red team finding 7: a flood from one token rotating 16 user IDs left another caller 2 of 28
// syntheses. With one worker kept busy, a second caller must get each of its syntheses.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechService } from '../speech/speech-service';
import { envelopeOf, makeTestGateway, TEST_TOKEN, type TestGateway } from '../../testing/test-gateway';

const OTHER_TOKEN = 'other-caller-token';
const FLOOD_TEXT = 'The flood keeps the engine busy with this sentence. '.repeat(8);
/** Generous: each of the other caller's syntheses waits behind at most one of the flood's. */
const PROMPTLY_MS = 15_000;

let gw: TestGateway;
beforeAll(async () => {
  // The queue's fairness is the subject, not the voice: the stand-in speaks, paced 20 ms a sentence,
  // so each flood job holds the one worker a while (8 sentences, 160 ms) without using a core
  // meanwhile.
  const speech = createSpeechService({
    dataDir: await mkdtemp(join(tmpdir(), 'fairness-')),
    poolSize: 1,
    engine: 'stand-in',
    standInSentenceMs: 20,
  });
  gw = await makeTestGateway({ speech, tokens: [TEST_TOKEN, OTHER_TOKEN] });
});
afterAll(() => gw.deps.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tts = async (token: string, userId: string, sourceText: string) =>
  gw.api.request('/api/speechSynthesis/textToSpeech', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'X-User-Id': userId },
    body: JSON.stringify({ sourceText, voiceName: 'en-us' }),
  });

describe('fair speech admission between callers (red team finding 7)', () => {
  it('a flood from one token rotating 16 user IDs leaves a second caller every synthesis it asks for', async () => {
    let flooding = true;
    const refusals: (string | null)[] = [];
    let floodServed = 0;
    // 16 flood clients, one user ID each, asking again the moment they are answered (a refused one
    // only 50 ms later, ignoring Retry-After).
    const flood = Array.from({ length: 16 }, async (_, i) => {
      while (flooding) {
        const res = await tts(TEST_TOKEN, String(9200 + i), FLOOD_TEXT);
        if (res.status === 429) {
          refusals.push(res.headers.get('Retry-After'));
          await pause(50);
        } else if ((await envelopeOf(res)).code === 0) floodServed++;
      }
    });
    await pause(300); // the flood is in
    const codes: (number | 'late')[] = [];
    for (let n = 0; n < 6; n++) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), PROMPTLY_MS)));
      const answer = tts(OTHER_TOKEN, '9300', `My turn, number ${n}.`).then(async (res) => (await envelopeOf(res)).code);
      codes.push(await Promise.race([answer, late]));
      clearTimeout(timer);
    }
    flooding = false;
    await Promise.all(flood);
    expect(codes).toEqual([0, 0, 0, 0, 0, 0]);
    expect(floodServed).toBeGreaterThan(0);
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((s) => s !== null && /^[1-9][0-9]*$/.test(s))).toBe(true);
  }, 120_000);
});
