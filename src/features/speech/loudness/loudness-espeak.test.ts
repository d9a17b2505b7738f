import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { integratedLoudness, truePeak } from './loudness';
import { normalizeWav, pcm16ToChannels } from './normalize-wav';

// eSpeak NG (en-us) from the embedded gateway's runner: 3.43 s, 22,050 Hz mono 16-bit.
// ffmpeg 'ebur128=peak=true' reads it as I = -21.4 LUFS, true peak -3.6 dBFS (to 0.1).
// From the repository root, where Vitest runs (import.meta.url is not a file: URL under jsdom).
const wav = readFileSync(join(process.cwd(), 'src/features/speech/loudness/fixtures/espeak-en-us.wav'));
const FORMAT = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };
const pcmOf = (bytes: Uint8Array) => pcm16ToChannels(bytes.subarray(44), FORMAT);

describe('loudness of real speech', () => {
  it("agrees with ffmpeg's ebur128 on eSpeak audio", () => {
    expect(Math.abs(integratedLoudness(pcmOf(wav)) - -21.4)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(truePeak(pcmOf(wav)) - -3.6)).toBeLessThanOrEqual(0.1);
  });

  it('normalizes it to −23 LUFS (broadcast), which measures so', async () => {
    const out = (await normalizeWav(new Blob([wav]), -23))!;
    expect(out.gain.limitedByPeak).toBe(false);
    expect(integratedLoudness(pcmOf(new Uint8Array(await out.audio.arrayBuffer())))).toBeCloseTo(-23, 1);
  });
});
