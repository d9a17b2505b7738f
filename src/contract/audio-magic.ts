import type { AudioFormat } from './limits';

/** Bytes needed to tell the formats apart: "RIFF", a size, "WAVE". */
export const AUDIO_MAGIC_BYTES = 12;

/**
 * Which of the spec's audio formats the first bytes of a file say it is: WAV (RIFF/WAVE) or MP3
 * (an ID3 tag or an MPEG frame sync), or null for anything else (raw PCM has no magic, so pcm is
 * never sniffed). In the contract because the console (what a take really is: a gateway falls back
 * to wav) and the server's audio relay (what it may serve as audio) must read bytes the same way.
 */
export function sniffAudioBytes(head: ArrayLike<number>): Exclude<AudioFormat, 'pcm'> | null {
  const at = (i: number) => head[i] ?? -1;
  const text = (from: number, to: number) => String.fromCharCode(...Array.from({ length: to - from }, (_, i) => at(from + i)));
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE') return 'wav';
  if (text(0, 3) === 'ID3' || (at(0) === 0xff && (at(1) & 0xe0) === 0xe0)) return 'mp3';
  return null;
}
