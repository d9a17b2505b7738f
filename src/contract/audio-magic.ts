import type { AudioFormat } from './limits';

/** Bytes needed to tell the formats apart: "RIFF", a size, "WAVE". */
export const AUDIO_MAGIC_BYTES = 12;

type Head = (i: number) => number;
const text = (at: Head, from: number, to: number) => String.fromCharCode(...Array.from({ length: to - from }, (_, i) => at(from + i)));

/**
 * How the first bytes of each of the spec's formats look, or null for one without magic (raw PCM).
 * A format added to the spec's list fails the typecheck here until it is given its test.
 */
const AUDIO_MAGIC = {
  // RIFF, a size, WAVE.
  wav: (at: Head) => text(at, 0, 4) === 'RIFF' && text(at, 8, 12) === 'WAVE',
  // An ID3 tag or an MPEG frame sync.
  mp3: (at: Head) => text(at, 0, 3) === 'ID3' || (at(0) === 0xff && (at(1) & 0xe0) === 0xe0),
  pcm: null,
} as const satisfies Record<AudioFormat, ((at: Head) => boolean) | null>;

/** The spec's formats that have magic, so can be told from their bytes. */
export type SniffableAudioFormat = { [F in MagicKey]: (typeof AUDIO_MAGIC)[F] extends null ? never : F }[MagicKey];
type MagicKey = keyof typeof AUDIO_MAGIC;

/**
 * Which of the spec's audio formats the first bytes of a file say it is (WAV, MP3), or null for
 * anything else (raw PCM has no magic, so pcm is never sniffed). In the contract because the
 * console (what a take really is: a gateway falls back to wav) and the server's audio relay (what
 * it may serve as audio) must read bytes the same way.
 */
export function sniffAudioBytes(head: ArrayLike<number>): SniffableAudioFormat | null {
  const at: Head = (i) => head[i] ?? -1;
  const matches = (f: MagicKey): f is SniffableAudioFormat => AUDIO_MAGIC[f]?.(at) ?? false;
  return (Object.keys(AUDIO_MAGIC) as MagicKey[]).find(matches) ?? null;
}
