import type { AudioFormat } from '@/contract';
import type { LoadedTake, LoudnessNote } from '../take';
import type { NormalizedTake } from './take-loudness';
import { normalizeLoudness } from './loudness-client';

type Normalize = typeof normalizeLoudness;

type Reason = Extract<LoudnessNote, { normalized: false }>['reason'];

/** Why a take of each format may be refused: MP3 for its channels (the encoder is mono); WAV and PCM for their sample width. */
const REFUSED_BECAUSE: Record<AudioFormat, Reason> = { mp3: 'mp3', wav: 'bits', pcm: 'bits' };

/** Why a take was not normalised, from the worker's answer. */
function reasonOf(result: Extract<NormalizedTake, { ok: false }>): Reason {
  if (result.error.code === 'unreadableAudio') return 'unreadable';
  return REFUSED_BECAUSE[result.error.format];
}

/**
 * The take brought to the loudness target before it is kept and played (null: the setting is off,
 * the take as it came). WAV and 16-bit PCM are normalised in the worker, same format and size; a
 * mono MP3 is decoded by the page, normalised and encoded again in the worker. The take's
 * `loudness` records what was done.
 */
export async function normalizeLoadedTake(
  loaded: LoadedTake,
  targetLufs: number | null,
  normalize: Normalize = normalizeLoudness,
): Promise<LoadedTake> {
  const { take, audio } = loaded;
  if (targetLufs === null || !audio) return loaded;
  const result = await normalize({ format: take.format, pcmFormat: take.pcmFormat, audio }, targetLufs).catch(() => null);
  if (!result || !result.ok) {
    const reason = result ? reasonOf(result) : 'unreadable';
    return { take: { ...take, loudness: { normalized: false, targetLufs, reason } }, audio };
  }
  const loudness: LoudnessNote = {
    normalized: true,
    targetLufs,
    fromLufs: result.gain.measuredLufs,
    lufs: result.loudness.lufs,
    truePeakDbtp: result.loudness.truePeakDbtp,
    limitedByPeak: result.gain.limitedByPeak && result.gain.resultLufs < targetLufs - 0.5,
  };
  const kept = take.audio.kept ? { ...take.audio, byteLength: result.audio.size } : take.audio;
  return { take: { ...take, loudness, audio: kept }, audio: result.audio };
}
