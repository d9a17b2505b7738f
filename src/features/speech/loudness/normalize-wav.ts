import { wavHeader, type PcmFormat, readWavLayout } from '../audio';
import { applyGain, loudnessGain, TRUE_PEAK_CEILING_DBTP, type LoudnessGain, type PcmChannels } from './loudness';
import { limitToTarget, type LimiterReport } from './true-peak-limiter';

/** The gain applied, and what the limiter did when a plain gain would have passed the ceiling. */
export type Normalization = LoudnessGain & { limiter?: LimiterReport };

/** A gain smaller than this is not applied: the file stays as it came, byte for byte. */
const NEGLIGIBLE_GAIN_DB = 0.05;

/** Interleaved signed 16-bit little-endian samples as one Float32Array per channel, in [-1, 1). */
export function pcm16ToChannels(bytes: Uint8Array, { sampleRate, channels }: PcmFormat): PcmChannels {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength - (bytes.byteLength % (2 * channels)));
  const frames = view.byteLength / (2 * channels);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let f = 0; f < frames; f++) for (let c = 0; c < channels; c++) out[c]![f] = view.getInt16((f * channels + c) * 2, true) / 32768;
  return { sampleRate, channels: out };
}

/** The channels back as interleaved 16-bit samples, rounded and clamped (the ceiling keeps clamping away). */
export function channelsToPcm16({ channels }: PcmChannels): Uint8Array<ArrayBuffer> {
  const frames = channels[0]?.length ?? 0;
  const out = new Uint8Array(frames * channels.length * 2);
  const view = new DataView(out.buffer);
  for (let f = 0; f < frames; f++) {
    for (let c = 0; c < channels.length; c++) {
      const s = Math.max(-32768, Math.min(32767, Math.round(channels[c]![f]! * 32768)));
      view.setInt16((f * channels.length + c) * 2, s, true);
    }
  }
  return out;
}

/**
 * 16-bit samples brought to a loudness target under the true-peak ceiling: one gain when that
 * reaches the target, else the gain the target needs with a true-peak limiter (`limiter` says how
 * much it took off). null when the gain is negligible or the audio silent (nothing to change).
 */
export function normalizePcm16(
  bytes: Uint8Array,
  format: PcmFormat,
  targetLufs: number,
  ceilingDbtp = TRUE_PEAK_CEILING_DBTP,
): { samples: Uint8Array<ArrayBuffer> | null; gain: Normalization } {
  const pcm = pcm16ToChannels(bytes, format);
  const plan = loudnessGain(pcm, targetLufs, ceilingDbtp);
  if (plan.limitedByPeak) {
    const limited = limitToTarget(pcm, plan, targetLufs, ceilingDbtp);
    return { samples: channelsToPcm16(limited.pcm), gain: limited.gain };
  }
  if (Math.abs(plan.gainDb) < NEGLIGIBLE_GAIN_DB) return { samples: null, gain: plan };
  return { samples: channelsToPcm16(applyGain(pcm, plan.gainDb)), gain: plan };
}

/**
 * A 16-bit WAV take brought to a loudness target under the true-peak ceiling (`normalizePcm16`)
 * under a fresh header. The same Blob when the gain is negligible or the audio is silent.
 * null for WAVs that are not 16-bit (the embedded gateway writes 16-bit only).
 */
export async function normalizeWav(
  wav: Blob,
  targetLufs: number,
  ceilingDbtp = TRUE_PEAK_CEILING_DBTP,
): Promise<{ audio: Blob; gain: Normalization } | null> {
  const layout = await readWavLayout(wav);
  if (layout.format.bitsPerSample !== 16) return null;
  const bytes = new Uint8Array(await wav.slice(layout.dataOffset, layout.dataOffset + layout.dataBytes).arrayBuffer());
  const { samples, gain } = normalizePcm16(bytes, layout.format, targetLufs, ceilingDbtp);
  if (!samples) return { audio: wav, gain };
  return { audio: new Blob([wavHeader(samples.byteLength, layout.format), samples], { type: 'audio/wav' }), gain };
}
