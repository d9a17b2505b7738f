import type { AudioFormat } from '@/contract';
import { wavHeader, wholeFrameBytes, type PcmFormat } from './pcm-to-wav';
import { IS_RAW_SAMPLES, MIME_TYPE } from './sniff-audio';

/**
 * Audio an element can play: raw PCM gets a WAV header, the rest plays as it came. Built from
 * Blob slices, so the samples are referenced, never copied on the main thread.
 */
export function playableBlob(audio: Blob, format: AudioFormat, pcm: PcmFormat): Blob {
  if (!IS_RAW_SAMPLES[format]) return audio.slice(0, audio.size, MIME_TYPE[format]);
  const dataBytes = wholeFrameBytes(audio.size, pcm);
  return new Blob([wavHeader(dataBytes, pcm), audio.slice(0, dataBytes)], { type: MIME_TYPE.wav });
}
