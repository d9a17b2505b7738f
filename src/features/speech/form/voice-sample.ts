import { EMBEDDED_VOICES, type EmbeddedLanguageCode } from '@/contract';

// Short on purpose: a sample costs points like any synthesis (1 per started 10 characters on the embedded gateway).
const SAMPLE_TEXT: Record<EmbeddedLanguageCode, string> = {
  en: 'Hello, this is how I sound.',
  zh: '你好，这是我的声音。',
  es: 'Hola, así suena mi voz.',
  fr: 'Bonjour, voici ma voix.',
  de: 'Hallo, so klingt meine Stimme.',
  it: 'Ciao, questa è la mia voce.',
  pt: 'Olá, esta é a minha voz.',
  ja: 'こんにちは、これがわたしのこえです。',
};

const isEmbeddedLanguage = (code: string): code is EmbeddedLanguageCode => code in SAMPLE_TEXT;

/** The sample sentence for a voice: in the form's target language, else the voice's own, else English. */
export function voiceSampleText(voiceName: string, targetLanguage: string): string {
  const language = targetLanguage.trim().toLowerCase();
  if (isEmbeddedLanguage(language)) return SAMPLE_TEXT[language];
  const voice = EMBEDDED_VOICES.find((v) => v.name === voiceName.trim());
  return SAMPLE_TEXT[voice?.language ?? 'en'];
}
