import type { AudioFormat } from '@/contract';
import { type PcmFormat, SAMPLE_CONTAINER } from '../audio';
import { integratedLoudness, truePeak, TRUE_PEAK_CEILING_DBTP } from './loudness';
import { normalizePcm16, pcm16ToChannels, type Normalization } from './normalize-wav';

/**
 * The audio of a take (a single take, a joined long take or a script line) and how to read it.
 * Nothing here needs the DOM: the UI runs these in a worker, passing the Blob.
 */
export type TakeAudio = { format: AudioFormat; pcmFormat: PcmFormat; audio: Blob };

export type TakeLoudnessError =
  /** MP3 is decoded in the page (`OfflineAudioContext`), WAV/PCM of other than 16 bits is not read here. */
  { code: 'unsupportedFormat'; format: AudioFormat; bitsPerSample?: number } | { code: 'unreadableAudio' };

export type TakeLoudness = { ok: true; lufs: number; truePeakDbtp: number; durationMs: number } | { ok: false; error: TakeLoudnessError };

type Samples = { bytes: Uint8Array; format: PcmFormat; header: (dataBytes: number, pcm: PcmFormat) => Uint8Array<ArrayBuffer>[] };

async function samplesOf({ format, pcmFormat, audio }: TakeAudio): Promise<Samples | TakeLoudnessError> {
  // An encoded format (MP3) has no samples to read here: never read or gain-scaled as PCM.
  const container = SAMPLE_CONTAINER[format];
  if (!container) return { code: 'unsupportedFormat', format };
  const layout = await container.layout(audio, pcmFormat).catch(() => null);
  if (!layout) return { code: 'unreadableAudio' };
  if (layout.format.bitsPerSample !== 16) return { code: 'unsupportedFormat', format, bitsPerSample: layout.format.bitsPerSample };
  const bytes = new Uint8Array(await audio.slice(layout.dataOffset, layout.dataOffset + layout.dataBytes).arrayBuffer());
  return { bytes, format: layout.format, header: container.header };
}

/** The take's integrated loudness (LUFS, −Infinity when silent) and true peak (dBTP), to show beside it. */
export async function loudnessOf(take: TakeAudio): Promise<TakeLoudness> {
  const samples = await samplesOf(take);
  if ('code' in samples) return { ok: false, error: samples };
  const pcm = pcm16ToChannels(samples.bytes, samples.format);
  const frames = pcm.channels[0]?.length ?? 0;
  return { ok: true, lufs: integratedLoudness(pcm), truePeakDbtp: truePeak(pcm), durationMs: (frames * 1000) / samples.format.sampleRate };
}

export type NormalizedTake =
  | {
      ok: true;
      /** The normalised audio in the take's own format (a fresh WAV header, or raw PCM); the same Blob when nothing changed. */
      audio: Blob;
      gain: Normalization;
      /** The result's loudness and true peak (as measured after the limiter; after a plain gain, the measurement moved by the gain). */
      loudness: { lufs: number; truePeakDbtp: number };
    }
  | { ok: false; error: TakeLoudnessError };

/**
 * The take brought to `targetLufs` under the true-peak ceiling (a gain, and the true-peak limiter
 * when the gain alone would pass the ceiling). WAV and 16-bit PCM only; MP3 is refused with a code
 * (see docs/decisions/loudness.md, "Loudness of MP3 takes").
 */
export async function normalizeTake(take: TakeAudio, targetLufs: number, ceilingDbtp = TRUE_PEAK_CEILING_DBTP): Promise<NormalizedTake> {
  const samples = await samplesOf(take);
  if ('code' in samples) return { ok: false, error: samples };
  const { samples: out, gain } = normalizePcm16(samples.bytes, samples.format, targetLufs, ceilingDbtp);
  const loudness = {
    lufs: gain.resultLufs,
    truePeakDbtp: gain.limiter ? gain.limiter.resultTruePeak : gain.measuredTruePeak + gain.gainDb,
  };
  if (!out) return { ok: true, audio: take.audio, gain, loudness };
  const parts: BlobPart[] = [...samples.header(out.byteLength, samples.format), out];
  return { ok: true, audio: new Blob(parts, { type: take.audio.type }), gain, loudness };
}
