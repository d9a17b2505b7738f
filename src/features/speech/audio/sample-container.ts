import type { AudioFormat } from '@/contract';
import { wavHeader, wholeFrameBytes, type PcmFormat } from './pcm-to-wav';
import { readWavLayout, type WavLayout } from './wav-layout';

/** How a file whose bytes are its samples (integer PCM) is read and written again. */
type SampleContainer = {
  /** Where the samples sit (`pcm`: the connection's settings, for bytes that do not say); throws when unreadable. */
  layout: (audio: Blob, pcm: PcmFormat) => Promise<WavLayout>;
  /** What goes before `dataBytes` of samples when the file is written again (nothing for headerless samples). */
  header: (dataBytes: number, pcm: PcmFormat) => Uint8Array<ArrayBuffer>[];
  /** The most sample bytes its header can say. */
  maxDataBytes: number;
};

/**
 * Per format of the spec's list: its samples as they sit in the bytes (WAV, raw PCM), or null for an
 * encoded format (MP3) whose samples only a decoder gives. What reads or rewrites samples (the
 * joiner and the redo's sample path, the loudness worker, a line's duration from its size) looks
 * here, so an encoded format is never gain-scaled or read as PCM16; a format added to the list
 * fails the typecheck here until it says which it is.
 */
export const SAMPLE_CONTAINER = {
  wav: { layout: (audio) => readWavLayout(audio), header: (dataBytes, pcm) => [wavHeader(dataBytes, pcm)], maxDataBytes: 0xffffffff - 36 },
  pcm: {
    layout: (audio, pcm) => Promise.resolve({ format: pcm, dataOffset: 0, dataBytes: wholeFrameBytes(audio.size, pcm) }),
    header: () => [],
    maxDataBytes: Number.POSITIVE_INFINITY,
  },
  mp3: null,
} as const satisfies Record<AudioFormat, SampleContainer | null>;

/** The formats whose bytes are their samples. */
export type SampleFormat = { [F in AudioFormat]: (typeof SAMPLE_CONTAINER)[F] extends null ? never : F }[AudioFormat];
