import { describe, expect, it } from 'vitest';
import { decodeMp3WithFfmpeg, mp3Frames, parseWav } from './audio-probe';
import { encodePcm, encodeWav } from './audio-encode.mjs';
import { runEspeak } from './espeak-runner.mjs';
import { applyGain, joinWithGaps, msToSamples, splitAtBreaks, wavSamples } from './pcm-ops.mjs';
import { buildSsml, MARKER_BREAK_MS, runSynthJob, type SynthJobInput } from './synth-job.mjs';

const sentence = 'The embedded gateway turns this sentence into speech.';
const job: SynthJobInput = {
  sentences: Array.from({ length: 12 }, (_, i) => `${sentence} Number ${i + 1}.`),
  voice: 'en-us',
  wpm: 175,
  pitch: 50,
  range: 'medium',
  volumeDb: 6,
  format: 'wav',
  gapMs: 300,
};

describe('synthesis job: MP3 made while the engine speaks', () => {
  it('has the segments and length of the WAV of the same job, in as many frames as one LAME stream', async () => {
    const wav = await runSynthJob(job);
    const mp3 = await runSynthJob({ ...job, format: 'mp3' });
    expect(mp3.engineCalls).toBe(1);
    expect(mp3.spans).toEqual(wav.spans);
    expect(mp3.durationMs).toBe(wav.durationMs);
    const samples = parseWav(wav.bytes).samples.length;
    // A Xing frame, then ceil((N + 1152) / 576) frames of 576 samples.
    expect(mp3Frames(mp3.bytes).frames).toBe(1 + Math.ceil((samples + 1152) / 576));
    const decoded = decodeMp3WithFfmpeg(mp3.bytes);
    if (decoded) expect(decoded.length).toBe(Math.ceil((samples + 1152) / 576) * 576);
  });
});

describe('synthesis job: WAV and PCM read while the engine speaks', () => {
  it('gives the bytes, segments and length as the engine’s whole file cut at the breaks and joined afterwards', async () => {
    const whole = wavSamples(await runEspeak({ ...job, ssml: true, input: buildSsml(job.sentences, job.range) }));
    const parts = splitAtBreaks(whole, job.sentences.length, msToSamples(MARKER_BREAK_MS));
    expect(parts).not.toBeNull();
    const batch = joinWithGaps(parts!, msToSamples(job.gapMs));
    applyGain(batch.samples, job.volumeDb);
    const wav = await runSynthJob(job);
    expect(wav.engineCalls).toBe(1);
    expect(wav.spans).toEqual(batch.spans);
    expect(Buffer.from(wav.bytes).equals(Buffer.from(encodeWav(batch.samples)))).toBe(true);
    const pcm = await runSynthJob({ ...job, format: 'pcm' });
    expect(Buffer.from(pcm.bytes).equals(Buffer.from(encodePcm(batch.samples)))).toBe(true);
  });

  it('writes PCM as signed 16-bit little-endian from typed samples and from plain numbers alike', () => {
    const values = [0, 1, -1, 32767, -32768, 258];
    const typed = encodePcm(Int16Array.from(values));
    expect(Buffer.from(typed).equals(Buffer.from(encodePcm(values)))).toBe(true);
    expect([...typed.slice(0, 8)]).toEqual([0, 0, 1, 0, 255, 255, 255, 127]);
    expect([...typed.slice(10)]).toEqual([2, 1]);
  });
});
