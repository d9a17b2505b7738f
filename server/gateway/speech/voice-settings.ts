import { EMBEDDED_LANGUAGES, EMBEDDED_VOICES, EMBEDDED_TIMBRES, type EmbeddedLanguageCode, type EmbeddedVoice } from '#contract';

const BASE_WORDS_PER_MINUTE = 175;
const ENGINE_WPM = { min: 80, max: 450 } as const;
const SENTENCE_GAP_MS = 300;

export function isEmbeddedLanguage(code: string): code is EmbeddedLanguageCode {
  return EMBEDDED_LANGUAGES.some((l) => l.code === code);
}

/** Voice names are matched without regard to case ("EN-US+F3" is "en-us+f3"). */
export function findVoice(name: string): EmbeddedVoice | undefined {
  const wanted = name.trim().toLowerCase();
  return EMBEDDED_VOICES.find((v) => v.name === wanted);
}

export function voiceFor(language: EmbeddedLanguageCode, timbreNumber: number): EmbeddedVoice | undefined {
  return EMBEDDED_VOICES.find((v) => v.language === language && v.timbreNumber === timbreNumber);
}

export const MAX_TIMBRE_NUMBER = EMBEDDED_TIMBRES.length - 1;

/**
 * emotion 0..6 (spec: values not named) as eSpeak prosody: base pitch (-p, 0..99), SSML pitch
 * range and a rate factor on top of speedFactor.
 */
const EMOTION_PROSODY = [
  { emotion: 0, label: 'neutral', pitch: 50, range: 'medium', rate: 1 },
  { emotion: 1, label: 'happy', pitch: 65, range: 'high', rate: 1.08 },
  { emotion: 2, label: 'sad', pitch: 35, range: 'x-low', rate: 0.85 },
  { emotion: 3, label: 'angry', pitch: 42, range: 'x-high', rate: 1.12 },
  { emotion: 4, label: 'fearful', pitch: 70, range: 'low', rate: 1.18 },
  { emotion: 5, label: 'surprised', pitch: 78, range: 'x-high', rate: 1 },
  { emotion: 6, label: 'calm', pitch: 45, range: 'low', rate: 0.92 },
] as const;

export type EngineProsody = { wpm: number; pitch: number; range: string; gapMs: number };

/** speedFactor → words per minute (175 × factor × the emotion's rate, within espeak's 80..450). */
export function engineProsody(speedFactor: number, emotion: number): EngineProsody {
  const p = EMOTION_PROSODY[emotion] ?? EMOTION_PROSODY[0];
  const rate = speedFactor * p.rate;
  const wpm = Math.min(ENGINE_WPM.max, Math.max(ENGINE_WPM.min, Math.round(BASE_WORDS_PER_MINUTE * rate)));
  return { wpm, pitch: p.pitch, range: p.range, gapMs: Math.round(SENTENCE_GAP_MS / rate) };
}
