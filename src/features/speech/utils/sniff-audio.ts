import type { AudioFormat } from '@/contract';

/** What the bytes really are: the gateway falls back to wav for formats it does not know. */
export function sniffAudioFormat(bytes: ArrayBuffer, requested: AudioFormat): AudioFormat {
  const head = new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength));
  const text = String.fromCharCode(...head);
  if (text === 'RIFF') return 'wav';
  if (text.startsWith('ID3') || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  return requested === 'pcm' ? 'pcm' : requested;
}

export const MIME_TYPE: Record<AudioFormat, string> = { pcm: 'audio/L16', wav: 'audio/wav', mp3: 'audio/mpeg' };
