import type { AudioFormat } from '@/contract';
import { type PcmFormat, SAMPLE_CONTAINER } from '../audio';
import { encodeMonoMp3, type LameWasm } from './lame-mp3';
import { fetchLameWasm } from './lame-wasm';
import { integratedLoudness, truePeak, TRUE_PEAK_CEILING_DBTP, type PcmChannels } from './loudness';
import { channelsToPcm16, normalizePcm16, pcm16ToChannels, type Normalization } from './normalize-wav';

/**
 * The audio of a take (a single take, a joined long take or a script line) and how to read it.
 * Nothing here needs the DOM: the UI runs these in a worker, passing the Blob. `decoded`: an
 * encoded format's samples (MP3), which only the page can decode (`withPageDecoded`).
 */
export type TakeAudio = { format: AudioFormat; pcmFormat: PcmFormat; audio: Blob; decoded?: PcmChannels };

export type TakeLoudnessError =
  /**
   * MP3 without the page's decoded samples, or with more channels than the mono encoder takes
   * (`channels`); WAV/PCM of other than 16 bits (`bitsPerSample`).
   */
  { code: 'unsupportedFormat'; format: AudioFormat; bitsPerSample?: number; channels?: number } | { code: 'unreadableAudio' };

export type TakeLoudness = { ok: true; lufs: number; truePeakDbtp: number; durationMs: number } | { ok: false; error: TakeLoudnessError };

/** The take's samples as 16-bit PCM, and how normalised samples are written back in the take's format. */
type Samples = {
  bytes: Uint8Array;
  format: PcmFormat;
  /** Taken off the true-peak ceiling before the limiter: what encoding may add to the peaks. */
  headroomDb: number;
  write: (samples: Uint8Array<ArrayBuffer>, pcm: PcmFormat) => Promise<BlobPart[]>;
};

/** How an encoded format's normalised samples are encoded again (the most channels it takes); null for a format whose bytes are samples. */
type Encoder = {
  maxChannels: number;
  /** Lossy coding raises true peaks (the eSpeak fixture at −16: limited to −1.1 dBTP, −0.9 once encoded): the limiter aims this much lower. */
  headroomDb: number;
  encode: (samples: Uint8Array<ArrayBuffer>, pcm: PcmFormat, wasm: LameWasm) => Promise<BlobPart[]>;
};

/** Per format: MP3 is encoded again by the gateway's LAME build (mono); WAV and PCM go under their container's header. */
const ENCODE_AGAIN: Record<AudioFormat, Encoder | null> = {
  mp3: {
    maxChannels: 1,
    headroomDb: 1,
    encode: (samples, pcm, wasm) => encodeMonoMp3(new Int16Array(samples.buffer), pcm.sampleRate, wasm),
  },
  wav: null,
  pcm: null,
};

async function samplesOf(take: TakeAudio, lameWasm: LameWasm): Promise<Samples | TakeLoudnessError> {
  const { format, pcmFormat, audio, decoded } = take;
  const container = SAMPLE_CONTAINER[format];
  if (!container) {
    // An encoded format (MP3) is never read as PCM: only samples the page decoded are used.
    const encoder = ENCODE_AGAIN[format];
    if (!decoded || !encoder) return { code: 'unsupportedFormat', format };
    if (decoded.channels.length > encoder.maxChannels) return { code: 'unsupportedFormat', format, channels: decoded.channels.length };
    const pcm = { sampleRate: decoded.sampleRate, channels: decoded.channels.length, bitsPerSample: 16 };
    return {
      bytes: channelsToPcm16(decoded),
      format: pcm,
      headroomDb: encoder.headroomDb,
      write: (samples, f) => encoder.encode(samples, f, lameWasm),
    };
  }
  const layout = await container.layout(audio, pcmFormat).catch(() => null);
  if (!layout) return { code: 'unreadableAudio' };
  if (layout.format.bitsPerSample !== 16) return { code: 'unsupportedFormat', format, bitsPerSample: layout.format.bitsPerSample };
  const bytes = new Uint8Array(await audio.slice(layout.dataOffset, layout.dataOffset + layout.dataBytes).arrayBuffer());
  return {
    bytes,
    format: layout.format,
    headroomDb: 0,
    write: (samples, f) => Promise.resolve([...container.header(samples.byteLength, f), samples]),
  };
}

/** The take's integrated loudness (LUFS, −Infinity when silent) and true peak (dBTP), to show beside it. */
export async function loudnessOf(take: TakeAudio): Promise<TakeLoudness> {
  const samples = await samplesOf(take, fetchLameWasm);
  if ('code' in samples) return { ok: false, error: samples };
  const pcm = pcm16ToChannels(samples.bytes, samples.format);
  const frames = pcm.channels[0]?.length ?? 0;
  return { ok: true, lufs: integratedLoudness(pcm), truePeakDbtp: truePeak(pcm), durationMs: (frames * 1000) / samples.format.sampleRate };
}

export type NormalizedTake =
  | {
      ok: true;
      /** The normalised audio in the take's own format (a fresh WAV header, raw PCM, or MP3 encoded again); the same Blob when nothing changed. */
      audio: Blob;
      gain: Normalization;
      /** The result's loudness and true peak (as measured after the limiter; after a plain gain, the measurement moved by the gain). */
      loudness: { lufs: number; truePeakDbtp: number };
    }
  | { ok: false; error: TakeLoudnessError };

type NormalizeOptions = { ceilingDbtp?: number; lameWasm?: LameWasm };

/**
 * The take brought to `targetLufs` under the true-peak ceiling (a gain, and the true-peak limiter
 * when the gain alone would pass the ceiling). WAV and 16-bit PCM as samples; MP3 from the
 * samples the page decoded, encoded again by LAME (docs/decisions/loudness.md, "MP3 takes are
 * normalised"). For MP3, `loudness` is that of the samples given to the encoder.
 */
export async function normalizeTake(
  take: TakeAudio,
  targetLufs: number,
  { ceilingDbtp = TRUE_PEAK_CEILING_DBTP, lameWasm = fetchLameWasm }: NormalizeOptions = {},
): Promise<NormalizedTake> {
  const samples = await samplesOf(take, lameWasm);
  if ('code' in samples) return { ok: false, error: samples };
  const { samples: out, gain } = normalizePcm16(samples.bytes, samples.format, targetLufs, ceilingDbtp - samples.headroomDb);
  const loudness = {
    lufs: gain.resultLufs,
    truePeakDbtp: gain.limiter ? gain.limiter.resultTruePeak : gain.measuredTruePeak + gain.gainDb,
  };
  if (!out) return { ok: true, audio: take.audio, gain, loudness };
  return { ok: true, audio: new Blob(await samples.write(out, samples.format), { type: take.audio.type }), gain, loudness };
}
