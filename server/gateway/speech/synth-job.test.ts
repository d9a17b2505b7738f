import { describe, expect, it } from 'vitest';
import { decodeMp3WithFfmpeg, mp3Frames, parseWav } from './audio-probe';
import { runSynthJob, type SynthJobInput } from './synth-job.mjs';

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
