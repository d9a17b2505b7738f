import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_PCM } from '@/contract';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import type { LongJob } from './long-job';
import { pcmToWav } from '../audio/pcm-to-wav';
import type { StoredPart } from './job-db';
import { loudnessSettingStore } from '../loudness/loudness-setting';
import { runLongSynthesis } from './run-long-synthesis';

// IndexedDB stands in as a Map: what the runner keeps and reads back.
const db = new Map<number, StoredPart>();
vi.mock('./job-db', () => ({
  readParts: async () => [...db.values()].sort((a, b) => a.index - b.index),
  readPart: async (_job: string, index: number) => db.get(index),
  savePart: async (part: StoredPart) => void db.set(part.index, part),
}));

const connection: Connection = { gatewayUrl: 'https://gw.test', token: 't', userId: '42', channel: '', appSource: '' };
const job: LongJob = {
  id: 'job-1',
  createdAt: 1,
  connection: { gatewayUrl: 'https://gw.test', userId: '42', channel: '', appSource: '' },
  request: { sourceText: 'One. Two. Three.', voiceName: 'en-us', format: 'wav' },
  parts: ['One.', 'Two.', 'Three.'].map((text, i) => ({ text, offset: i * 5 })),
  pcmFormat: { ...EMBEDDED_PCM },
};
// 0.1 s of silence per part: 2,205 frames at 22,050 Hz.
const wav = () => pcmToWav(new Uint8Array(4410), EMBEDDED_PCM);
const answer = (code: number, text: string) =>
  new Response(
    JSON.stringify({
      code,
      message: code === 0 ? 'OK' : 'voice synthesis failed',
      data:
        code === 0
          ? {
              taskId: `Service_AI_${text}`,
              targetAudioUrl: `https://gw.test/a/${text}`,
              speeches: [{ index: 0, text, startMs: 0, endMs: 90 }],
            }
          : null,
    }),
    { headers: { 'Content-Type': 'application/json' } },
  );

/** A gateway that answers each part's text, failing those in `failing` with 2107. */
function gateway(failing: string[] = []) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      // The page's Blob (jsdom's here), as a browser's fetch would give: joining slices needs one Blob kind.
      if (url.includes('/a/')) return { ok: true, status: 200, headers: new Headers(), blob: async () => new Blob([wav()]) } as Response;
      const { sourceText } = JSON.parse(String(init?.body)) as { sourceText: string };
      sent.push(sourceText);
      return answer(failing.includes(sourceText) ? 2107 : 0, sourceText);
    }),
  );
  return sent;
}

const hooks = () => ({ onProgress: vi.fn(), onPreview: vi.fn() });

beforeEach(() => db.clear());
afterEach(() => vi.unstubAllGlobals());

describe('runLongSynthesis', () => {
  it('sends every part and joins them into one take with parts and shifted segments', async () => {
    const sent = gateway();
    const h = hooks();
    const { take, audio } = await runLongSynthesis(job, connection, new AbortController().signal, h);
    expect(sent.sort()).toEqual(['One.', 'Three.', 'Two.']);
    expect(take.parts?.map((p) => [p.text, Math.round(p.startMs)])).toEqual([
      ['One.', 0],
      ['Two.', 100],
      ['Three.', 200],
    ]);
    expect(take.result.speeches).toEqual([
      { index: 0, text: 'One.', startMs: 0, endMs: 90 },
      { index: 1, text: 'Two.', startMs: 100, endMs: 190 },
      { index: 2, text: 'Three.', startMs: 200, endMs: 290 },
    ]);
    expect(audio?.size).toBe(44 + 3 * 4410);
    expect(take).toMatchObject({ id: 'job-1', format: 'wav', request: job.request, audio: { kept: true, byteLength: 44 + 3 * 4410 } });
    // Loudness off: the last report says the parts are being joined, not that a second is left.
    expect(h.onProgress).toHaveBeenLastCalledWith({ done: 3, total: 3, msLeft: null, finishing: { normalizeTo: null } });
    expect(h.onPreview).toHaveBeenCalled();
  });

  it('says the joined audio is being brought to the loudness target, for WAV and for MP3 (decoded and encoded again)', async () => {
    loudnessSettingStore.set('voiceOver');
    try {
      gateway();
      const h = hooks();
      await runLongSynthesis(job, connection, new AbortController().signal, h);
      expect(h.onProgress).toHaveBeenLastCalledWith(expect.objectContaining({ finishing: { normalizeTo: -16 } }));
      db.clear();
      const mp3 = hooks();
      await runLongSynthesis(
        { ...job, id: 'job-mp3', request: { ...job.request, format: 'mp3' } },
        connection,
        new AbortController().signal,
        mp3,
      ).catch(() => undefined);
      expect(mp3.onProgress).toHaveBeenLastCalledWith(expect.objectContaining({ finishing: { normalizeTo: -16 } }));
    } finally {
      loudnessSettingStore.set('off');
    }
  });

  it('stops at a failure with the finished parts kept, and a second run sends only the rest', async () => {
    gateway(['Two.']);
    const error = await runLongSynthesis(job, connection, new AbortController().signal, hooks()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ code: 2107 });
    expect([...db.keys()]).toEqual([0]);

    const sent = gateway();
    const { take } = await runLongSynthesis(job, connection, new AbortController().signal, hooks());
    expect(sent.sort()).toEqual(['Three.', 'Two.']);
    expect(take.parts).toHaveLength(3);
  });

  it('a cancelled run throws "aborted" and starts no further part', async () => {
    const sent = gateway();
    const controller = new AbortController();
    controller.abort();
    await expect(runLongSynthesis(job, connection, controller.signal, hooks())).rejects.toMatchObject({ kind: 'aborted' });
    expect(sent).toEqual([]);
    expect(db.size).toBe(0);
  });
});
