import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '@/lib/connection-profile';
import { pcmToWav } from '../../audio/pcm-to-wav';
import type { ScriptRow } from '../import/import-script';
import type { StoredScriptTake } from './script-db';
import { synthesizeLine, type ScriptLineDeps } from './script-line';

const connection: Connection = { gatewayUrl: 'http://localhost:3000/api', token: 't', userId: '1', channel: '', appSource: '' };
const pcmFormat = { sampleRate: 8000, channels: 1, bitsPerSample: 16 };
const row = { line: 4, request: { sourceText: 'ACME ships', format: 'wav' } } as ScriptRow;
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function deps(saved: StoredScriptTake[]): ScriptLineDeps {
  return {
    scriptId: 's',
    connection,
    pcmFormat,
    rules: () => [{ written: 'ACME', said: 'Acme', wholeWord: true, caseSensitive: true }],
    save: (t) => {
      saved.push(t);
      return Promise.resolve();
    },
  };
}

describe('one script line', () => {
  it("a 429 is busy with the answer's Retry-After, and nothing is kept", async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 429, message: 'Busy', data: null }, 429, { 'Retry-After': '2' }));
    const saved: StoredScriptTake[] = [];
    expect(await synthesizeLine(row, deps(saved), new AbortController().signal)).toEqual({ kind: 'busy', retryAfter: '2' });
    expect(saved).toEqual([]);
  });

  it('sends the text with the lexicon applied, keeps the audio with its duration, then says done', async () => {
    const wav = pcmToWav(new Uint8Array(8000 * 2), pcmFormat);
    fetchMock
      .mockResolvedValueOnce(
        json({ code: 0, message: 'OK', data: { taskId: 'T1', targetAudioUrl: 'http://localhost:3000/a.wav', speeches: [] } }),
      )
      .mockResolvedValueOnce(new Response(wav, { status: 200, headers: { 'Content-Type': 'audio/wav' } }));
    const saved: StoredScriptTake[] = [];
    expect(await synthesizeLine(row, deps(saved), new AbortController().signal)).toEqual({
      kind: 'ok',
      taskId: 'T1',
      targetAudioUrl: 'http://localhost:3000/a.wav',
    });
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as { sourceText: string };
    expect(sent.sourceText).toBe('Acme ships');
    expect(saved).toMatchObject([{ line: 4, durationMs: 1000, format: 'wav', request: { sourceText: 'Acme ships' } }]);
    expect(saved[0]!.audio?.size).toBe(wav.byteLength);
  });

  it("keeps an MP3's duration as its frames play, as ffprobe reads it, not where its last segment ends", async () => {
    // The embedded gateway's encoder (server/gateway/speech/audio-encode.mjs, mp3File(encodeMp3(…))) on the
    // 3.433 s eSpeak take of loudness/fixtures: LAME's delay and padding make 134 frames of 576 samples at
    // 22,050 Hz, which ffprobe 5.1 reads as 3.500408 s (format=duration) and ffmpeg decodes to as many samples.
    const file = join(process.cwd(), 'src/features/speech/script/queue/fixtures/espeak-en-us.mp3');
    const mp3 = readFileSync(file);
    fetchMock
      .mockResolvedValueOnce(
        json({
          code: 0,
          message: 'OK',
          data: { taskId: 'T2', targetAudioUrl: 'http://localhost:3000/a.mp3', speeches: [{ text: 'x', startMs: 0, endMs: 3433 }] },
        }),
      )
      .mockResolvedValueOnce(new Response(mp3, { status: 200, headers: { 'Content-Type': 'audio/mpeg' } }));
    const saved: StoredScriptTake[] = [];
    const mp3Row = { line: 5, request: { sourceText: 'ACME ships', format: 'mp3' } } as ScriptRow;
    expect(await synthesizeLine(mp3Row, deps(saved), new AbortController().signal)).toMatchObject({ kind: 'ok' });
    expect(saved).toMatchObject([{ format: 'mp3', durationMs: 3500 }]);
    // Where ffprobe is installed (this machine; not CI), it agrees to the millisecond.
    const probed = ffprobeSeconds(file);
    if (probed !== null) expect(saved[0]!.durationMs).toBe(Math.round(probed * 1000));
  });

  it('10091 is a failure with its code (the queue stops on it)', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 10091, message: 'Insufficient points', data: null }));
    expect(await synthesizeLine(row, deps([]), new AbortController().signal)).toMatchObject({ kind: 'failed', code: 10091 });
  });
});

/** ffprobe's format duration of a file, or null where ffprobe is not installed. */
function ffprobeSeconds(file: string): number | null {
  try {
    return Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }),
    );
  } catch {
    return null;
  }
}
