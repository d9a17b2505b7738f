import { describe, expect, it } from 'vitest';
import { decodeMp3WithFfmpeg, mp3Frames, parseWav, rmsOf } from './audio-probe';
import { msToSamples, silentRuns } from './pcm-ops.mjs';
import { runStandIn } from './stand-in-engine.mjs';
import { buildSsml, MARKER_BREAK_MS, runSynthJob, type SynthJobInput } from './synth-job.mjs';
import { createWorkerPool } from './worker-pool';

const speak = { voice: 'en-us', wpm: 175, pitch: 50, ssml: true };
const ssml = (...sentences: string[]) => buildSsml(sentences, 'medium');
const seconds = async (input: string, options: Partial<typeof speak> = {}) =>
  parseWav(await runStandIn({ ...speak, ...options, input })).samples.length / 22_050;

const job: SynthJobInput = {
  sentences: ['The stand-in speaks this first sentence.', 'Then a second one, with a pause.', '你好，世界。'],
  voice: 'en-us',
  wpm: 175,
  pitch: 50,
  range: 'medium',
  volumeDb: 0,
  format: 'wav',
  gapMs: 300,
};

describe('stand-in speech engine: what it writes', () => {
  it('writes a canonical WAV, 22,050 Hz mono 16-bit, the layout espeak writes', async () => {
    const wav = parseWav(await runStandIn({ ...speak, input: ssml('Hello there.') }));
    expect(wav).toMatchObject({ format: 1, channels: 1, sampleRate: 22_050, bitsPerSample: 16 });
    expect(wav.samples.length).toBeGreaterThan(0);
  });

  it('is deterministic: the same call gives the same bytes, another text other bytes', async () => {
    const input = ssml('The same words, twice.', 'And a second sentence.');
    const [a, b] = [await runStandIn({ ...speak, input }), await runStandIn({ ...speak, input })];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const other = await runStandIn({ ...speak, input: ssml('The same words, thrice.', 'And a second sentence.') });
    expect(Buffer.from(other).equals(Buffer.from(a))).toBe(false);
  });

  it('sounds like speech in level: words above the quiet threshold, about as loud as espeak (-21 dBFS)', async () => {
    const { samples } = parseWav(await runStandIn({ ...speak, input: ssml('The quick brown fox jumps over the lazy dog.') }));
    const dbfs = 20 * Math.log10(rmsOf(samples) / 32_768);
    expect(dbfs).toBeGreaterThan(-26);
    expect(dbfs).toBeLessThan(-16);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThan(20_000);
  });

  it('lasts about as long as espeak says the text (its measured lengths at 175 wpm, within 25 %)', async () => {
    // espeak-ng 1.0.2 (WASM), en-us / cmn at 175 wpm, measured on this machine kind.
    const measured: [string, string, number][] = [
      ['en-us', 'The quick brown fox jumps over the lazy dog.', 2.91],
      ['en-us', 'Line number 1.', 1.32],
      ['en-us', '1: The console reads this sentence aloud so that there is realistic speech to join.', 5.13],
      ['cmn', '今天天气很好。', 2.13],
      ['cmn', '语音合成'.repeat(10), 11.28],
    ];
    for (const [voice, text, espeak] of measured) {
      const said = await seconds(ssml(text), { voice });
      expect(said, text).toBeGreaterThan(espeak * 0.75);
      expect(said, text).toBeLessThan(espeak * 1.25);
    }
  });

  it('speaks faster at a higher rate and longer for longer text', async () => {
    const text = ssml('A sentence said at two rates.');
    expect(await seconds(text, { wpm: 350 })).toBeLessThan((await seconds(text)) * 0.6);
    expect(await seconds(ssml('Short.'))).toBeLessThan(await seconds(ssml('A much longer sentence than the short one.')));
  });

  it('marks each break with its length of silence, and never pauses that long inside a sentence', async () => {
    const { samples } = parseWav(
      await runStandIn({ ...speak, input: ssml('First , , , , , , , , , , , , , , , one...... still first.', 'Second.', '…', 'Fourth.') }),
    );
    const breaks = silentRuns(samples, msToSamples(MARKER_BREAK_MS * 0.8));
    // Three breaks between four sentences; the third sentence says nothing, so two of them meet.
    expect(breaks.map(([from, to]) => Math.round((to - from) / msToSamples(MARKER_BREAK_MS)))).toEqual([1, 2]);
  });

  it('streams what it writes at increasing positions (header first), and with keepOutput false keeps only the header', async () => {
    const input = ssml('A streamed sentence, long enough for several writes of the output file.');
    const whole = await runStandIn({ ...speak, input });
    const writes: { bytes: Uint8Array; position: number }[] = [];
    const kept = await runStandIn({
      ...speak,
      input,
      keepOutput: false,
      onOutput: (bytes, position) => writes.push({ bytes: bytes.slice(), position }),
    });
    expect(writes.length).toBeGreaterThan(2);
    expect(writes[0]!.position).toBe(0);
    let at = 0;
    for (const w of writes) {
      expect(w.position).toBe(at);
      at += w.bytes.length;
    }
    expect(Buffer.concat(writes.map((w) => w.bytes)).equals(Buffer.from(whole))).toBe(true);
    expect(Buffer.from(kept).equals(Buffer.from(whole.subarray(0, 44)))).toBe(true);
  });

  it('reads plain text (not SSML) too, and refuses a text with nothing to say as espeak does', async () => {
    expect(await seconds('Plain <text> & more.', { ssml: false })).toBeGreaterThan(0.5);
    await expect(runStandIn({ ...speak, input: ssml('') })).rejects.toThrow(/wrote an empty file/);
  });
});

describe('stand-in speech engine in the synthesis job: joiner, gain and encoders still run', () => {
  it('WAV, PCM and MP3 of one job: one span per sentence, the same samples, valid files', async () => {
    const wav = await runSynthJob(job, 'stand-in');
    expect(wav.engineCalls).toBe(1);
    expect(wav.spans).toHaveLength(3);
    const samples = parseWav(wav.bytes).samples;
    expect(wav.durationMs).toBe(Math.round((samples.length * 1000) / 22_050));
    // Sentences joined with the job's gap, not the engine's marker breaks.
    expect(wav.spans[1]!.startMs - wav.spans[0]!.endMs).toBeGreaterThanOrEqual(300);
    expect(wav.spans[1]!.startMs - wav.spans[0]!.endMs).toBeLessThan(1000);
    const pcm = await runSynthJob({ ...job, format: 'pcm' }, 'stand-in');
    expect(Buffer.from(pcm.bytes).equals(Buffer.from(wav.bytes.subarray(44)))).toBe(true);
    const mp3 = await runSynthJob({ ...job, format: 'mp3' }, 'stand-in');
    expect(mp3.spans).toEqual(wav.spans);
    expect(mp3Frames(mp3.bytes).frames).toBe(1 + Math.ceil((samples.length + 1152) / 576));
    const decoded = decodeMp3WithFfmpeg(mp3.bytes);
    if (decoded) expect(rmsOf(decoded)).toBeGreaterThan(rmsOf(samples) * 0.8);
  });

  it('applies the volume: +6 dB doubles the level', async () => {
    const plain = parseWav((await runSynthJob(job, 'stand-in')).bytes).samples;
    const louder = parseWav((await runSynthJob({ ...job, volumeDb: 6 }, 'stand-in')).bytes).samples;
    expect(rmsOf(louder) / rmsOf(plain)).toBeCloseTo(10 ** (6 / 20), 2);
  });

  it('runs in the synthesis worker threads like the real engine, with the same bytes as here', async () => {
    const pool = createWorkerPool(1, { jobTimeoutMs: 20_000, engine: 'stand-in' });
    try {
      const there = await pool.run(job);
      const here = await runSynthJob(job, 'stand-in');
      expect(Buffer.from(there.bytes).equals(Buffer.from(here.bytes))).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
