import { integratedLoudness, truePeak, type LoudnessGain, type PcmChannels } from './loudness';
import { truePeakEnvelope } from './oversample';

/** Long enough to bring the gain down smoothly before a peak, short enough not to duck the syllable before it. */
const LOOK_AHEAD_MS = 5;
/** How fast the gain comes back after a peak (one-pole time constant): slow enough not to pump or distort speech. */
const RELEASE_MS = 50;
/** The limiter aims this far under the ceiling, so meters with other interpolators (ffmpeg's) also read it under. */
const MARGIN_DB = 0.1;
/** More reduction than this squashes speech audibly: the result then stays under the target (`limitedByPeak`). */
const MAX_REDUCTION_DB = 10;
/** Rounds of "gain, limit, measure": the limiter takes loudness off, so the gain is raised by what is missing. */
const ROUNDS = 10;
const CLOSE_ENOUGH_LU = 0.05;

export type LimiterReport = {
  /** The deepest the limiter went, in dB (positive). */
  maxReductionDb: number;
  /** How long the gain was under 1 (limiting at all), in ms. */
  limitingMs: number;
  /** The true peak of the result, dBTP (16-bit samples, as written). */
  resultTruePeak: number;
};

const db = (linear: number) => 20 * Math.log10(linear);
const linear = (decibels: number) => 10 ** (decibels / 20);

/**
 * A look-ahead limiter's gain (≤ 1) per sample, so that `envelope[n] × gain[n] ≤ threshold` at every
 * sample. The gain needed is held for the look-ahead (a running minimum over the next samples),
 * released with a one-pole curve, then averaged over the look-ahead: the average only takes values
 * that were each already low enough for sample n, so it stays safe, and a peak is met by a linear
 * ramp that starts `lookAhead` samples before it.
 */
export function limiterGain(envelope: Float32Array, threshold: number, sampleRate: number): Float32Array {
  const n = envelope.length;
  const look = Math.max(1, Math.round((LOOK_AHEAD_MS * sampleRate) / 1000));
  const needed = (i: number) => Math.min(1, threshold / Math.max(envelope[i]!, 1e-12));
  // Running minimum of `needed` over [i, i + look], with a deque of indexes (values increasing).
  const held = new Float32Array(n);
  const deque = new Int32Array(n + look + 1);
  let head = 0;
  let tail = 0;
  for (let j = 0; j < n + look; j++) {
    if (j < n) {
      const v = needed(j);
      while (tail > head && needed(deque[tail - 1]!) >= v) tail--;
      deque[tail++] = j;
    }
    const i = j - look;
    if (i < 0) continue;
    while (deque[head]! < i) head++;
    held[i] = needed(deque[head]!);
  }
  const release = 1 - Math.exp(-1000 / (RELEASE_MS * sampleRate));
  let g = 1;
  for (let i = 0; i < n; i++) {
    g = Math.min(held[i]!, g + (1 - g) * release);
    held[i] = g;
  }
  // Moving average over [i − look, i]; before the start, the first value (itself at most every early sample's need).
  const out = new Float32Array(n);
  let sum = (held[0] ?? 1) * (look + 1);
  for (let i = 0; i < n; i++) {
    sum += held[i]! - (i - look - 1 >= 0 ? held[i - look - 1]! : (held[0] ?? 1));
    out[i] = Math.min(1, sum / (look + 1));
  }
  return out;
}

const quantize16 = (s: number) => Math.max(-32768, Math.min(32767, Math.round(s * 32768))) / 32768;

/**
 * The audio brought to `targetLufs` by a gain and a true-peak limiter under `ceilingDbtp`, its
 * samples already on the 16-bit grid (what is measured is what is written). Called when a plain
 * gain would pass the ceiling; `plan` is that plain gain's measurement.
 */
export function limitToTarget(
  pcm: PcmChannels,
  plan: LoudnessGain,
  targetLufs: number,
  ceilingDbtp: number,
): { pcm: PcmChannels; gain: LoudnessGain & { limiter: LimiterReport } } {
  const frames = pcm.channels[0]?.length ?? 0;
  const envelope = new Float32Array(frames);
  for (const channel of pcm.channels) {
    const e = truePeakEnvelope(channel);
    for (let i = 0; i < frames; i++) envelope[i] = Math.max(envelope[i]!, e[i]!);
  }
  let aimDb = ceilingDbtp - MARGIN_DB;
  let gainDb = targetLufs - plan.measuredLufs;
  let best: { pcm: PcmChannels; gainDb: number; lufs: number; peak: number; curve: Float32Array } | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    const most = aimDb - plan.measuredTruePeak + MAX_REDUCTION_DB;
    const capped = gainDb > most;
    gainDb = Math.min(gainDb, most);
    const makeup = linear(gainDb);
    const curve = limiterGain(envelope, linear(aimDb) / makeup, pcm.sampleRate);
    const channels = pcm.channels.map((x) => x.map((s, i) => quantize16(s * makeup * curve[i]!)));
    const out = { sampleRate: pcm.sampleRate, channels };
    const lufs = integratedLoudness(out);
    // The true peak (the costly measure) only once the loudness is settled.
    if (!capped && Math.abs(targetLufs - lufs) >= CLOSE_ENOUGH_LU && round < ROUNDS - 1) {
      gainDb += targetLufs - lufs;
      continue;
    }
    const peak = truePeak(out);
    if (peak > ceilingDbtp - MARGIN_DB / 2) {
      // The gain's own movement (or rounding) made a peak the envelope did not foresee: aim lower.
      aimDb -= peak - aimDb + 0.02;
      continue;
    }
    best = { pcm: out, gainDb, lufs, peak, curve };
    break;
  }
  if (!best) {
    // Never seen on speech; a plain gain to the ceiling is always safe.
    const safe = plan.gainDb;
    const channels = pcm.channels.map((x) => x.map((s) => quantize16(s * linear(safe))));
    best = {
      pcm: { sampleRate: pcm.sampleRate, channels },
      gainDb: safe,
      lufs: plan.resultLufs,
      peak: plan.measuredTruePeak + safe,
      curve: new Float32Array(frames).fill(1),
    };
  }
  let lowest = 1;
  let limiting = 0;
  for (const g of best.curve) {
    lowest = Math.min(lowest, g);
    if (g < 1) limiting++;
  }
  return {
    pcm: best.pcm,
    gain: {
      gainDb: best.gainDb,
      measuredLufs: plan.measuredLufs,
      measuredTruePeak: plan.measuredTruePeak,
      resultLufs: best.lufs,
      limitedByPeak: targetLufs - best.lufs >= 0.5,
      limiter: { maxReductionDb: -db(lowest), limitingMs: (limiting * 1000) / pcm.sampleRate, resultTruePeak: best.peak },
    },
  };
}
