/**
 * The console's languages: code (BCP 47, also the catalog files' name: <code>.json in ./catalogs/ and in
 * each src/features/<feature>/messages/) → native name. A new locale is one line here and one file in
 * every catalog folder (docs/i18n.md); the first entry is the fallback.
 */
export const LOCALES = {
  en: 'English',
  'zh-CN': '简体中文',
} as const;

export type Locale = keyof typeof LOCALES;

export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (code: unknown): code is Locale => typeof code === 'string' && Object.hasOwn(LOCALES, code);

const base = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** The first browser language the console speaks: exact code, else its language (zh-TW → zh-CN, en-GB → en). */
export function pickLocale(languages: readonly string[]): Locale {
  const codes = Object.keys(LOCALES) as Locale[];
  for (const tag of languages) {
    const match = codes.find((code) => code === tag) ?? codes.find((code) => base(code) === base(tag));
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
