import type { EMBEDDED_TIMBRES, EmbeddedLanguageCode, SPEECH_ENGINES, VOICE_SCOPES } from '@/contract';
import type { MessageKey, Translate } from '@/i18n/i18n-store';

/**
 * The names of the contract's codes, in the operator's language: the contract keeps the values,
 * the speech catalog the words. A Record per code list, so a new code fails the typecheck until named.
 */
export const VOICE_SCOPE_LABEL: Record<(typeof VOICE_SCOPES)[number]['value'], MessageKey> = {
  0: 'speech.scope.public',
  1: 'speech.scope.private',
};

export const ENGINE_LABEL: Record<(typeof SPEECH_ENGINES)[number]['value'], MessageKey> = {
  0: 'speech.engine.default',
  1: 'speech.engine.espeak',
};

type Timbre = (typeof EMBEDDED_TIMBRES)[number];
const TIMBRE_LABEL: Record<Timbre['variant'], readonly [MessageKey, number?]> = {
  '': ['speech.voice.standard'],
  m1: ['speech.voice.male', 1],
  m2: ['speech.voice.male', 2],
  m3: ['speech.voice.male', 3],
  m4: ['speech.voice.male', 4],
  f1: ['speech.voice.female', 1],
  f2: ['speech.voice.female', 2],
  f3: ['speech.voice.female', 3],
  f4: ['speech.voice.female', 4],
};

/** "Female 3" / "女声 3". */
export function timbreLabel(t: Translate, timbre: Timbre | undefined): string {
  if (!timbre) return '';
  const [key, n] = TIMBRE_LABEL[timbre.variant];
  return n === undefined ? t(key) : t(key, { n });
}

/** What the plain language name leaves out about the embedded voice (eSpeak NG's ja reads kana only). */
const LANGUAGE_NOTE: Partial<Record<EmbeddedLanguageCode, MessageKey>> = {
  zh: 'speech.language.note.zh',
  ja: 'speech.language.note.ja',
};

// The English names older versions stored with the studio settings' languages: shown in the operator's language instead.
const FORMER_DEFAULT_NAMES: Record<string, string> = {
  en: 'English',
  zh: 'Chinese (Mandarin)',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  ja: 'Japanese (kana)',
};

const displayNames = new Map<string, Intl.DisplayNames | null>();
function intlLanguageName(locale: string, code: string): string | undefined {
  if (!displayNames.has(locale)) {
    try {
      displayNames.set(locale, new Intl.DisplayNames(locale, { type: 'language', fallback: 'none' }));
    } catch {
      displayNames.set(locale, null);
    }
  }
  try {
    return displayNames.get(locale)?.of(code);
  } catch {
    return undefined; // not a well-formed language code
  }
}

/**
 * A language's name in the UI locale: the name the operator gave it in the studio settings, else
 * the browser's (Intl.DisplayNames), with the embedded voice's note ("Chinese (Mandarin)"), else the code.
 */
export function languageName(t: Translate, locale: string, code: string, given = ''): string {
  if (given && given !== FORMER_DEFAULT_NAMES[code]) return given;
  const name = intlLanguageName(locale, code) ?? code;
  const note = LANGUAGE_NOTE[code as EmbeddedLanguageCode];
  return note ? t('speech.language.withNote', { name, note: t(note) }) : name;
}
