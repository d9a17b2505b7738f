import { useMemo } from 'react';
import type { LoadedTake } from '../stores/take';
import { playableBlob } from '../utils/playable-audio';
import { MIME_TYPE } from '../utils/sniff-audio';
import { useObjectUrl } from './use-object-url';

/** What the player needs: a playable blob and URL (PCM wrapped as WAV), and the untouched bytes for download. */
export function useTakeAudio({ take, bytes }: LoadedTake) {
  const playable = useMemo(() => (bytes ? playableBlob(bytes, take.format, take.pcmFormat) : null), [bytes, take.format, take.pcmFormat]);
  const raw = useMemo(() => (bytes && take.format === 'pcm' ? new Blob([bytes], { type: MIME_TYPE.pcm }) : null), [bytes, take.format]);
  const playableUrl = useObjectUrl(playable);
  const rawUrl = useObjectUrl(raw);
  // Without the bytes the element plays the gateway's URL itself (the page may not read it, the element may).
  const src = bytes ? playableUrl : take.result.targetAudioUrl;
  return { playable, src, playableUrl, rawUrl };
}
