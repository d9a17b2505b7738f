import { kWeighted } from './k-weighting';
import { truePeakEnvelope } from './oversample';

/** PCM as the loudness functions read it: one Float32Array per channel, samples in [-1, 1]. */
export type PcmChannels = { sampleRate: number; channels: readonly Float32Array[] };

const BLOCK_S = 0.4;
const STEP_S = 0.1; // 75 % overlap
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;

/** Channel weights of BS.1770-4: 1 for left, right and centre; 1.41 for the surrounds (channels 4 and 5 of 5.0/5.1 without LFE). */
const channelWeight = (index: number, count: number) => (count >= 5 && index >= 3 ? 1.41 : 1);

const loudnessOf = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

/**
 * Integrated loudness (LUFS) by ITU-R BS.1770-4: K-weighted, mean squares of 400 ms blocks every
 * 100 ms, weighted sum of channels, blocks under −70 LUFS dropped, then blocks under (their mean
 * − 10 LU) dropped, and the mean of the rest. −Infinity when nothing passes (silence, or less than 400 ms).
 */
export function integratedLoudness({ sampleRate, channels }: PcmChannels): number {
  const block = Math.round(BLOCK_S * sampleRate);
  const step = Math.round(STEP_S * sampleRate);
  const length = channels[0]?.length ?? 0;
  if (length < block) return -Infinity;
  const blocks = Math.floor((length - block) / step) + 1;
  const power = new Float64Array(blocks);
  for (const [c, samples] of channels.entries()) {
    const y = kWeighted(samples, sampleRate);
    // Running sums of squares per 100 ms step, so each block is four steps added up.
    const steps = Math.floor(length / step);
    const stepSum = new Float64Array(steps);
    for (let s = 0; s < steps; s++) {
      let sum = 0;
      for (let i = s * step; i < (s + 1) * step; i++) sum += y[i]! * y[i]!;
      stepSum[s] = sum;
    }
    const perBlock = block / step;
    const weight = channelWeight(c, channels.length);
    for (let j = 0; j < blocks; j++) {
      let sum = 0;
      for (let s = j; s < j + perBlock; s++) sum += stepSum[s] ?? 0;
      power[j]! += (weight * sum) / block;
    }
  }
  const gated = (threshold: number) => [...power].filter((p) => loudnessOf(p) > threshold);
  const absolute = gated(ABSOLUTE_GATE_LUFS);
  if (absolute.length === 0) return -Infinity;
  const relative = loudnessOf(absolute.reduce((a, b) => a + b, 0) / absolute.length) + RELATIVE_GATE_LU;
  const kept = absolute.filter((p) => loudnessOf(p) > relative);
  return loudnessOf(kept.reduce((a, b) => a + b, 0) / kept.length);
}

/** True peak (dBTP) by BS.1770-4 Annex 2: the largest magnitude of the signal oversampled 4×, over all channels. */
export function truePeak({ channels }: PcmChannels): number {
  let peak = 0;
  for (const x of channels) for (const v of truePeakEnvelope(x)) peak = Math.max(peak, v);
  return 20 * Math.log10(peak);
}

/** −16 LUFS for voice-over (podcast platforms), −23 LUFS for broadcast (EBU R 128). */
export const LOUDNESS_TARGETS = { voiceOver: -16, broadcast: -23 } as const;
export const TRUE_PEAK_CEILING_DBTP = -1;

export type LoudnessGain = {
  /** Gain to apply, in dB. 0 for silence. */
  gainDb: number;
  measuredLufs: number;
  measuredTruePeak: number;
  /** Loudness after the gain: the target, or less when the ceiling limited the gain. */
  resultLufs: number;
  /** The true-peak ceiling, not the target, set the gain (the result is quieter than the target). */
  limitedByPeak: boolean;
};

/** The gain that brings the audio to `targetLufs` without its true peak passing `ceilingDbtp` (a plain gain: no limiter). */
export function loudnessGain(pcm: PcmChannels, targetLufs: number, ceilingDbtp = TRUE_PEAK_CEILING_DBTP): LoudnessGain {
  const measuredLufs = integratedLoudness(pcm);
  const measuredTruePeak = truePeak(pcm);
  if (!Number.isFinite(measuredLufs)) return { gainDb: 0, measuredLufs, measuredTruePeak, resultLufs: measuredLufs, limitedByPeak: false };
  const wanted = targetLufs - measuredLufs;
  const room = ceilingDbtp - measuredTruePeak;
  const gainDb = Math.min(wanted, room);
  return { gainDb, measuredLufs, measuredTruePeak, resultLufs: measuredLufs + gainDb, limitedByPeak: room < wanted };
}

/** The samples times a gain in dB, as new arrays. */
export function applyGain({ sampleRate, channels }: PcmChannels, gainDb: number): PcmChannels {
  const g = 10 ** (gainDb / 20);
  return { sampleRate, channels: channels.map((c) => c.map((s) => s * g)) };
}
