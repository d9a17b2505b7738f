import type { AudioFormat } from '@/contract';
import { pcmToWav, type PcmFormat } from './pcm-to-wav';
import { MIME_TYPE } from './sniff-audio';

/** Bytes an audio element can play: raw PCM gets a WAV header, the rest plays as it came. */
export function playableBlob(bytes: ArrayBuffer, format: AudioFormat, pcm: PcmFormat): Blob {
  if (format === 'pcm') return new Blob([pcmToWav(new Uint8Array(bytes), pcm)], { type: 'audio/wav' });
  return new Blob([bytes], { type: MIME_TYPE[format] });
}
