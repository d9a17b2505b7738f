import type { AudioFormat } from '#contract';

/**
 * The formats the embedded gateway encodes. Not the spec's list (SPEC_AUDIO_FORMATS in the
 * contract, which decides what a request may name and the fallback to wav): equal today, but a
 * format the spec adds is only offered here once the encoder, the store and the worker handle it.
 */
export const EMBEDDED_AUDIO_FORMATS = ['pcm', 'wav', 'mp3'] as const;
export type EmbeddedAudioFormat = (typeof EMBEDDED_AUDIO_FORMATS)[number];

/**
 * What the embedded gateway makes for each format a request may name. A format the spec adds
 * fails the typecheck here until it is given its own encoding or, as rule 3 allows, wav.
 */
export const EMBEDDED_FORMAT_FOR: Record<AudioFormat, EmbeddedAudioFormat> = { pcm: 'pcm', wav: 'wav', mp3: 'mp3' };
