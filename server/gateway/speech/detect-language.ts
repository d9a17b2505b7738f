import { detectAll } from 'tinyld';

/** tinyld's own accuracy from which its answer is taken even for a short text. */
const CONFIDENT = 0.5;
/** Fewer words than this is too short to tell a Latin-script language by its letters ("Hello operator." reads as Italian). */
const FEWEST_WORDS = 4;
/** Han, kana and Hangul tell their language by their script, so no text in them is too short. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Source language of the text as an ISO 639-1 code, by tinyld. Text tinyld cannot place (digits
 * only), or a short Latin-script text it is not sure of, is reported as `fallback`: the voice's
 * language, or en (docs/decisions/gateway-speech.md, "Source language detection").
 */
export function detectLanguage(text: string, fallback: string): string {
  const sample = text.slice(0, 2000);
  const best = detectAll(sample)[0];
  if (!best) return fallback;
  if (best.accuracy >= CONFIDENT || CJK.test(sample)) return best.lang;
  const words = sample.split(/\s+/u).filter((w) => /\p{L}/u.test(w)).length;
  return words < FEWEST_WORDS ? fallback : best.lang;
}
