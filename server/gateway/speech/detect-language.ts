import { detect } from 'tinyld';

/**
 * Source language of the text as an ISO 639-1 code, by tinyld. Text tinyld cannot place
 * (too short, digits only) is reported as `fallback`.
 */
export function detectLanguage(text: string, fallback: string): string {
  const code = detect(text.slice(0, 2000));
  return code || fallback;
}
