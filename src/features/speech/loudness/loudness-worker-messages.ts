import { integratedLoudness, truePeak, type PcmChannels } from './loudness';
import { loudnessOf, normalizeTake, type NormalizedTake, type TakeAudio, type TakeLoudness } from './take-loudness';

/** Page → loudness worker: measure a take, or bring it to a target. The audio goes as a Blob (no copy of its bytes). */
export type LoudnessRequest =
  | { id: number; kind: 'measure'; take: TakeAudio }
  | { id: number; kind: 'normalize'; take: TakeAudio; targetLufs: number }
  /** Samples the page decoded (MP3: only the page can decode), measured here. */
  | { id: number; kind: 'measureChannels'; pcm: PcmChannels };

/** The loudness of decoded samples, as loudnessOf gives it for a WAV take. */
function loudnessOfChannels(pcm: PcmChannels): TakeLoudness {
  const frames = pcm.channels[0]?.length ?? 0;
  return { ok: true, lufs: integratedLoudness(pcm), truePeakDbtp: truePeak(pcm), durationMs: (frames * 1000) / pcm.sampleRate };
}

/** Loudness worker → page: the answer of the request with the same id; `failed` when the worker itself threw. */
export type LoudnessReply =
  | { id: number; kind: 'measure'; result: TakeLoudness }
  | { id: number; kind: 'normalize'; result: NormalizedTake }
  | { id: number; kind: 'failed'; message: string };

/** The worker's message handler, a plain function: the worker file only wires it to postMessage, tests call it directly. */
export function createLoudnessHandler(post: (reply: LoudnessReply) => void) {
  return async (request: LoudnessRequest): Promise<void> => {
    try {
      if (request.kind === 'measure') post({ id: request.id, kind: 'measure', result: await loudnessOf(request.take) });
      else if (request.kind === 'measureChannels') post({ id: request.id, kind: 'measure', result: loudnessOfChannels(request.pcm) });
      else post({ id: request.id, kind: 'normalize', result: await normalizeTake(request.take, request.targetLufs) });
    } catch (e) {
      post({ id: request.id, kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };
}
