import { execFileSync } from 'node:child_process';

/** Test helpers that read audio bytes back, so tests check real sound rather than trust sizes. */
type WavInfo = { format: number; channels: number; sampleRate: number; bitsPerSample: number; samples: Int16Array };

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

export function parseWav(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE' || ascii(bytes, 12, 4) !== 'fmt ') throw new Error('not a WAV file');
  if (ascii(bytes, 36, 4) !== 'data') throw new Error('data chunk is not at byte 36');
  const dataBytes = view.getUint32(40, true);
  if (dataBytes !== bytes.byteLength - 44) throw new Error(`data size ${dataBytes} does not match the file`);
  return {
    format: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    bitsPerSample: view.getUint16(34, true),
    samples: pcmSamples(bytes.subarray(44)),
  };
}

export function pcmSamples(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int16Array(bytes.byteLength >> 1);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

export function rmsOf(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return samples.length ? Math.sqrt(sum / samples.length) : 0;
}

const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG2_RATES = [22050, 24000, 16000];

/** Walk MPEG-2 Layer III frame headers from byte 0; every byte must belong to a frame. */
export function mp3Frames(bytes: Uint8Array): { frames: number; kbps: Set<number>; sampleRate: number; durationS: number } {
  let at = 0;
  let frames = 0;
  const kbps = new Set<number>();
  let sampleRate = 0;
  while (at + 4 <= bytes.length) {
    const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!];
    if (b0 !== 0xff || (b1 & 0xfe) !== 0xf2) throw new Error(`no MPEG-2 Layer III frame sync at byte ${at}`);
    const rate = MPEG2_L3_KBPS[b2 >> 4] ?? 0;
    sampleRate = MPEG2_RATES[(b2 >> 2) & 3] ?? 0;
    if (!rate || !sampleRate) throw new Error(`bad frame header at byte ${at}`);
    kbps.add(rate);
    at += Math.floor((72_000 * rate) / sampleRate) + ((b2 >> 1) & 1);
    frames++;
  }
  return { frames, kbps, sampleRate, durationS: (frames * 576) / sampleRate };
}

/** Decoded MP3 samples via ffmpeg when it is installed (null otherwise). */
export function decodeMp3WithFfmpeg(bytes: Uint8Array): Int16Array | null {
  try {
    const out = execFileSync('ffmpeg', ['-v', 'quiet', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', 'pipe:1'], {
      input: bytes,
      maxBuffer: 256 * 1024 * 1024,
    });
    return pcmSamples(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
  } catch {
    return null;
  }
}
