import { AUDIO_MAGIC_BYTES, sniffAudioBytes, type AudioFormat } from '@/contract';

/** What the bytes really are: the gateway falls back to wav for formats it does not know. */
export async function sniffAudioFormat(audio: Blob, requested: AudioFormat): Promise<AudioFormat> {
  return sniffAudioBytes(new Uint8Array(await audio.slice(0, AUDIO_MAGIC_BYTES).arrayBuffer())) ?? requested;
}

export const MIME_TYPE: Record<AudioFormat, string> = { pcm: 'audio/L16', wav: 'audio/wav', mp3: 'audio/mpeg' };

/**
 * Headerless samples: read with the connection's PCM settings, wrapped as WAV to play, offered raw
 * and as WAV. The rest play as they came.
 */
export const IS_RAW_SAMPLES: Record<AudioFormat, boolean> = { pcm: true, wav: false, mp3: false };

/** Bytes read to tell audio from a page, a JSON error or other text. */
export const AUDIO_CHECK_BYTES = 512;

/**
 * What the first bytes are as audio, or null when they are not audio: WAV or MP3 by their magic
 * (whatever was asked for: a gateway falls back to wav); raw PCM has none, so bytes without magic
 * are PCM only when PCM was asked for and they are not text (an HTML page, JSON). Empty is not audio.
 */
export function audioFormatOfBytes(head: Uint8Array, requested: AudioFormat): AudioFormat | null {
  if (head.byteLength === 0) return null;
  const magic = sniffAudioBytes(head);
  if (magic) return magic;
  return IS_RAW_SAMPLES[requested] && !looksLikeText(head) ? requested : null;
}

/** Valid UTF-8 without control characters other than whitespace: 16-bit samples never are (silence is zero bytes). */
function looksLikeText(head: Uint8Array): boolean {
  try {
    // stream: a character cut at the end of the sample is not an error.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    // Control characters other than tab, line breaks and form feed.
    return !Array.from(text).some((c) => {
      const code = c.charCodeAt(0);
      return code < 0x09 || (code > 0x0d && code < 0x20) || code === 0x7f;
    });
  } catch {
    return false;
  }
}
