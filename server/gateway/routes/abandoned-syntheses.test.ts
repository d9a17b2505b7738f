// Issue 31: clients that leave their syntheses (queued, just started, mid-engine, mid-MP3-encode)
// must not leave the engine unable to serve the next caller.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechService } from '../speech/speech-service';
import { envelopeOf, makeTestGateway, TEST_TOKEN, type TestGateway } from '../../testing/test-gateway';

const LONG = 'Slow speech fills the queue. '.repeat(172);
/** Generous: a short synthesis takes well under a second; the bug made it wait two minutes. */
const PROMPTLY_MS = 15_000;

let gw: TestGateway;
beforeAll(async () => {
  // One worker, as on the 2-core machines the gateway runs on: the first long job is the running one.
  const speech = createSpeechService({ dataDir: await mkdtemp(join(tmpdir(), 'abandoned-')), poolSize: 1 });
  gw = await makeTestGateway({ speech });
});
afterAll(() => gw.deps.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tts = (userId: string, body: object, signal?: AbortSignal) =>
  gw.api.request('/api/speechSynthesis/textToSpeech', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TEST_TOKEN}`, 'X-User-Id': userId },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
/** The envelope's code, or "late" when no answer came within PROMPTLY_MS. */
async function codeWithin(answer: Response | Promise<Response>): Promise<number | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), PROMPTLY_MS)));
  const code = Promise.resolve(answer).then(async (res) => (await envelopeOf(res)).code);
  try {
    return await Promise.race([code, late]);
  } finally {
    clearTimeout(timer);
  }
}

// Each round: 8 users ask for slow speech (filling SPEECH_QUEUE_TOTAL); after `queuedLeaveAfterMs`
// the 7 still queued hang up; user 9999 asks for a short text and waits behind the running one,
// whose client then hangs up too. The pauses only vary the moment of leaving; nothing is timed.
const ROUNDS = [
  { format: 'wav', queuedLeaveAfterMs: 0 },
  { format: 'wav', queuedLeaveAfterMs: 150 },
  { format: 'wav', queuedLeaveAfterMs: 600 },
  { format: 'mp3', queuedLeaveAfterMs: 900 },
];

describe('abandoned syntheses (issue 31)', () => {
  it.each(ROUNDS.map((r, i) => ({ ...r, round: i })))(
    'round $round ($format, queued clients leave after $queuedLeaveAfterMs ms): another user is served promptly',
    async ({ format, queuedLeaveAfterMs }) => {
      const clients = Array.from({ length: 8 }, () => new AbortController());
      const abandoned = clients.map((client, i) =>
        Promise.resolve(tts(String(9100 + i), { sourceText: LONG, voiceName: 'en-us', speedFactor: 0.5, format }, client.signal)).catch(
          () => null,
        ),
      );
      await pause(queuedLeaveAfterMs);
      clients.slice(1).forEach((c) => c.abort());
      const other = tts('9999', { sourceText: 'Short and quick.', voiceName: 'en-us' });
      await pause(50);
      clients[0]!.abort();
      expect(await codeWithin(other)).toBe(0);
      await Promise.all(abandoned);
    },
    60_000,
  );

  it('leaves no admission place and no held charge behind', async () => {
    const settled = async () => {
      for (let i = 0; i < 200 && (gw.deps.speechAdmission.inFlight > 0 || gw.deps.points.heldCharges > 0); i++) await pause(25);
    };
    await settled();
    expect(gw.deps.speechAdmission.inFlight).toBe(0);
    expect(gw.deps.points.heldCharges).toBe(0);
    // And the engine still answers several callers in a row.
    for (const user of ['9998', '9997']) expect(await codeWithin(tts(user, { sourceText: 'Still here.', voiceName: 'en-us' }))).toBe(0);
  });
});
