import { useMemo } from 'react';
import type { LoadedTake } from '../take';
import { playableBlob, IS_RAW_SAMPLES, MIME_TYPE } from '../audio';
import { safeHttpUrl } from '@/lib/safe-http-url';
import { useObjectUrl } from './use-object-url';

/** What the player needs: a playable blob and URL (PCM wrapped as WAV), and the untouched audio for download. */
export function useTakeAudio({ take, audio }: LoadedTake) {
  const playable = useMemo(() => (audio ? playableBlob(audio, take.format, take.pcmFormat) : null), [audio, take.format, take.pcmFormat]);
  const raw = useMemo(
    () => (audio && IS_RAW_SAMPLES[take.format] ? audio.slice(0, audio.size, MIME_TYPE[take.format]) : null),
    [audio, take.format],
  );
  const playableUrl = useObjectUrl(playable);
  const rawUrl = useObjectUrl(raw);
  // Without the audio the element plays the gateway's URL itself (the page may not read it, the element may),
  // but only an http(s) one: a take kept before such URLs were refused must not play or link javascript: or data:.
  const remoteUrl = audio ? null : safeHttpUrl(take.result.targetAudioUrl);
  const src = audio ? playableUrl : remoteUrl;
  return { playable, src, playableUrl, rawUrl, remoteUrl };
}
