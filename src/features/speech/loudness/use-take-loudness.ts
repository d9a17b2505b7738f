import { useEffect, useState } from 'react';
import type { AudioFormat } from '@/contract';
import { measureChannels, measureLoudness } from './loudness-client';
import type { TakeLoudness } from './take-loudness';
import { type Take, readAudio } from '../take';

type Measured = TakeLoudness | null;

/** What tells one version of a take's audio from another: a redo or a normalisation changes it. */
const versionOf = (take: Take) =>
  [
    take.id,
    take.audio.kept ? take.audio.byteLength : 0,
    take.parts?.map((p) => `${p.taskId}:${p.redone ?? 0}`).join(',') ?? '',
    take.loudness?.normalized ?? '',
  ].join('|');

/**
 * Where each format's loudness is measured: WAV and PCM samples in the worker; MP3 decoded by the
 * page first (OfflineAudioContext: workers have no decoder), the worker measuring the samples.
 */
const MEASURE: Record<AudioFormat, (take: Take, audio: Blob) => Promise<TakeLoudness>> = {
  wav: inWorker,
  pcm: inWorker,
  mp3: (_take, audio) => import('./decode-for-loudness').then(({ decodeMp3Channels }) => decodeMp3Channels(audio)).then(measureChannels),
};

function inWorker(take: Take, audio: Blob): Promise<TakeLoudness> {
  return measureLoudness({ format: take.format, pcmFormat: take.pcmFormat, audio });
}

// One measurement per version of a take's audio for the page's life: the result panel and the
// history item show the same take, and a re-render never measures again.
const measurements = new Map<string, Promise<Measured>>();
const MAX_KEPT = 200;

function measure(take: Take, audio: Blob | null | undefined): Promise<Measured> {
  const key = versionOf(take);
  let found = measurements.get(key);
  if (!found) {
    found = (async (): Promise<Measured> => {
      const blob = audio ?? (take.audio.kept ? await readAudio(take.id).catch(() => null) : null);
      if (!blob) return null;
      return MEASURE[take.format](take, blob).catch((): TakeLoudness => ({
        ok: false,
        error: { code: 'unreadableAudio' },
      }));
    })();
    if (measurements.size >= MAX_KEPT) measurements.delete(measurements.keys().next().value!);
    measurements.set(key, found);
  }
  return found;
}

/**
 * The take's measured loudness (the worker measures it once per version of its audio): 'measuring'
 * while it does, null when there is no audio to measure, a failure as `unreadableAudio`. `audio` is
 * the take's Blob when the caller has it; otherwise it is read from history.
 */
export function useTakeLoudness(take: Take, audio?: Blob | null): Measured | 'measuring' {
  const key = versionOf(take);
  const [state, setState] = useState<{ key: string; value: Measured } | null>(null);
  useEffect(() => {
    if (!take.audio.kept) return;
    let live = true;
    void measure(take, audio).then((value) => live && setState({ key, value }));
    return () => {
      live = false;
    };
    // The version key says everything that matters; take is a new object on many renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!take.audio.kept) return null;
  return state?.key === key ? state.value : 'measuring';
}
