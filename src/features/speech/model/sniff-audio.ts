import { AUDIO_MAGIC_BYTES, sniffAudioBytes, type AudioFormat } from '@/contract';

/** What the bytes really are: the gateway falls back to wav for formats it does not know. */
export async function sniffAudioFormat(audio: Blob, requested: AudioFormat): Promise<AudioFormat> {
  return sniffAudioBytes(new Uint8Array(await audio.slice(0, AUDIO_MAGIC_BYTES).arrayBuffer())) ?? requested;
}

export const MIME_TYPE: Record<AudioFormat, string> = { pcm: 'audio/L16', wav: 'audio/wav', mp3: 'audio/mpeg' };
