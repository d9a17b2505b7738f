/**
 * The engines the embedded gateway can speak with (SPEECH_ENGINE): espeak-ng, the real one, and
 * a deterministic stand-in for browser tests whose subject is the page (stand-in-engine.mjs).
 */
export const SPEECH_ENGINES = ['espeak-ng', 'stand-in'] as const;
export type SpeechEngine = (typeof SPEECH_ENGINES)[number];
