import { EMBEDDED_LANGUAGES } from './speech';

export type EmbeddedLanguageCode = (typeof EMBEDDED_LANGUAGES)[number]['code'];

/** The eSpeak NG voice that speaks each language of the embedded gateway. */
const EMBEDDED_LANGUAGE_VOICES: Record<EmbeddedLanguageCode, string> = {
  en: 'en-us',
  zh: 'cmn',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  ja: 'ja',
};

/**
 * timbreNumber (spec: type not given) is an integer index into this list of eSpeak NG voice
 * variants; 0 is the language's plain voice (m = male, f = female; names in the speech catalog).
 */
export const EMBEDDED_TIMBRES = [
  { number: 0, variant: '' },
  { number: 1, variant: 'm1' },
  { number: 2, variant: 'm2' },
  { number: 3, variant: 'm3' },
  { number: 4, variant: 'm4' },
  { number: 5, variant: 'f1' },
  { number: 6, variant: 'f2' },
  { number: 7, variant: 'f3' },
  { number: 8, variant: 'f4' },
] as const;

export type EmbeddedVoice = { name: string; language: EmbeddedLanguageCode; timbreNumber: number };

/** Voice names the embedded gateway accepts: "<voice>" or "<voice>+<variant>", e.g. "en-us+f3". */
export const EMBEDDED_VOICES: readonly EmbeddedVoice[] = EMBEDDED_LANGUAGES.flatMap(({ code }) =>
  EMBEDDED_TIMBRES.map((t) => ({
    name: t.variant ? `${EMBEDDED_LANGUAGE_VOICES[code]}+${t.variant}` : EMBEDDED_LANGUAGE_VOICES[code],
    language: code,
    timbreNumber: t.number,
  })),
);
