import type { AudioFormat } from '@/contract';

/** What the bytes really are: the gateway falls back to wav for formats it does not know. */
export async function sniffAudioFormat(audio: Blob, requested: AudioFormat): Promise<AudioFormat> {
  const head = new Uint8Array(await audio.slice(0, 4).arrayBuffer());
  const text = String.fromCharCode(...head);
  if (text === 'RIFF') return 'wav';
  if (text.startsWith('ID3') || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  return requested === 'pcm' ? 'pcm' : requested;
}

export const MIME_TYPE: Record<AudioFormat, string> = { pcm: 'audio/L16', wav: 'audio/wav', mp3: 'audio/mpeg' };
