import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SpeechService, StoredAudio } from '../gateway/speech/speech-service';
import { envelopeOf, makeTestGateway, TEST_TOKEN, type TestGateway } from '../testing/test-gateway';

// Existing tests already cover: another user's IDs left out of a status answer
// (routes/task-status.test.ts), a video link with another u, a changed or missing sig
// (routes/files.test.ts). This file adds the audio side through the real textToSpeech route,
// whole batches of another user's IDs, and user IDs that only look alike.

const A = '1001';
const B = '2002';

/** Speech that "synthesizes" into memory, so a link comes out of the real route. */
function memorySpeech(): SpeechService {
  const files = new Map<string, StoredAudio>();
  return {
    readAudio: async (id) => files.get(id) ?? null,
    synthesize: async (input) => {
      const fileId = `${randomUUID()}.wav`;
      files.set(fileId, { bytes: new TextEncoder().encode(`audio of ${input.userId}`), contentType: 'audio/wav', fileName: 'take.wav' });
      return { fileId, format: 'wav', durationMs: 100, sourceLanguage: 'en', targetLanguage: 'en', voiceName: 'en-us', speeches: [] };
    },
  };
}

let gw: TestGateway;
beforeEach(async () => {
  gw = await makeTestGateway({ speech: memorySpeech() });
});
afterEach(async () => {
  await gw.deps.close();
  await rm(gw.dataDir, { recursive: true, force: true });
});

async function synthesizeAs(userId: string): Promise<URL> {
  const res = await gw.api.request('/api/speechSynthesis/textToSpeech', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TEST_TOKEN}`, 'X-User-Id': userId },
    body: JSON.stringify({ sourceText: 'Private words.', voiceName: 'en-us' }),
  });
  const body = await envelopeOf<{ targetAudioUrl: string }>(res);
  expect(body.code).toBe(0);
  return new URL(body.data!.targetAudioUrl);
}

const fetchLink = (url: URL, query: Record<string, string>) => gw.api.request(`${url.pathname}?${new URLSearchParams(query)}`);

describe("a user cannot read another user's tasks", () => {
  it('a whole batch of B’s IDs asked by A answers nothing; B sees all of them', async () => {
    const theirs = await gw.createTasks(B, { count: 100, durationMs: 1000, outcome: 'finished' });
    gw.advance(2000);
    const asA = await envelopeOf<unknown[]>(await gw.status({ taskIds: theirs }, { 'X-User-Id': A }));
    expect(asA).toMatchObject({ code: 0, data: [] });
    const asB = await envelopeOf<Array<{ targetVideoUrl: string }>>(await gw.status({ taskIds: theirs }, { 'X-User-Id': B }));
    expect(asB.data).toHaveLength(100);
    expect(new URL(asB.data![0]!.targetVideoUrl).searchParams.get('u')).toBe(B);
  });

  // "02002" is user 2002 (X-User-Id is a Long; request-context.ts keeps one canonical form).
  it('user IDs that only look alike do not see them', async () => {
    const [theirs] = await gw.createTasks(B, { count: 1 });
    for (const lookalike of [`1${B}`, `${B}0`, `-${B}`, `${B}.0`]) {
      const res = await gw.status({ taskId: theirs }, { 'X-User-Id': lookalike });
      const body = await envelopeOf<unknown[]>(res);
      expect(body.data ?? [], lookalike).toEqual([]);
    }
  });
});

describe("a user cannot fetch another user's audio", () => {
  it('B’s link works for B and for no one else: u=A, changed, shortened, missing or video signatures are 403', async () => {
    const link = await synthesizeAs(B);
    const sig = link.searchParams.get('sig')!;
    expect(link.searchParams.get('u')).toBe(B);
    const own = await fetchLink(link, { u: B, sig });
    expect(own.status).toBe(200);
    expect(await own.text()).toBe(`audio of ${B}`);

    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const attempts: Array<Record<string, string>> = [
      { u: A, sig },
      { u: `0${B}`, sig },
      { u: B, sig: flip(sig, 0) },
      { u: B, sig: flip(sig, sig.length - 1) },
      { u: B, sig: sig.slice(0, -1) },
      { u: B, sig: `${sig}A` },
      { u: B, sig: '' },
      { u: B },
      { sig },
    ];
    for (const query of attempts) {
      const res = await fetchLink(link, query);
      expect(res.status, JSON.stringify(query)).toBe(403);
      expect(await res.text()).not.toContain('audio of');
    }
  });

  it('A’s own signature on B’s file name is refused: links are bound to the user they were made for', async () => {
    const theirs = await synthesizeAs(B);
    const mine = await synthesizeAs(A);
    const res = await fetchLink(theirs, { u: A, sig: mine.searchParams.get('sig')! });
    expect(res.status).toBe(403);
  });
});
