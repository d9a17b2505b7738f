/**
 * What a browser reports as its languages, made into valid BCP 47 tags. Under a C/POSIX locale
 * WebKit reports "C"; a system setting can leak "en_US.UTF-8" or "de_DE@euro"; `languages` can be
 * empty. `Intl` constructors throw a RangeError on a tag that is not BCP 47 ("invalid language
 * tag: C"), and so does any library that passes `navigator.language` to one (uPlot does, as its
 * module loads).
 */

/** The language everything falls back to when the browser names none that is usable. */
export const FALLBACK_LANGUAGE = 'en-US';

// "C", "POSIX" and "und" name no language: they say "no preference", so they give no tag.
const NO_LANGUAGE = /^(?:c|posix|und)$/i;

/** One reported language as a canonical BCP 47 tag ('en_US.UTF-8' → 'en-US'), or null when it names no usable language. */
export function toLanguageTag(reported: unknown): string | null {
  if (typeof reported !== 'string') return null;
  // POSIX form: language_TERRITORY.codeset@modifier; only the first two parts are a language.
  const posix = reported.trim().split(/[.@]/, 1)[0]!.replace(/_/g, '-');
  if (posix === '' || NO_LANGUAGE.test(posix)) return null;
  try {
    const [tag] = Intl.getCanonicalLocales(posix);
    return tag === undefined || tag === 'und' || tag.startsWith('und-') ? null : tag;
  } catch {
    return null;
  }
}

type ReportedLanguages = { language?: unknown; languages?: unknown };

/** The browser's languages as valid tags, in its order, without repeats; never empty (the fallback ends it when nothing else is usable). */
export function browserLanguages(reported: ReportedLanguages): string[] {
  const list = Array.isArray(reported.languages) && reported.languages.length > 0 ? reported.languages : [reported.language];
  const tags = [...new Set(list.map(toLanguageTag).filter((t): t is string => t !== null))];
  return tags.length > 0 ? tags : [FALLBACK_LANGUAGE];
}

/**
 * Make `navigator.language(s)` report valid tags when the browser's do not (an own property on
 * `navigator` over the prototype's getters), so a library that reads them cannot throw. Call before
 * any such library loads. A browser that reports valid tags is left as it is.
 */
export function installSafeBrowserLanguages(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): void {
  if (!nav) return;
  const reported = { language: nav.language, languages: nav.languages };
  const tags = browserLanguages(reported);
  const languagesValid =
    Array.isArray(reported.languages) && reported.languages.length > 0 && reported.languages.every((l) => toLanguageTag(l) === l);
  if (toLanguageTag(reported.language) === reported.language && languagesValid) return;
  const languages = Object.freeze(tags);
  try {
    Object.defineProperty(nav, 'language', { configurable: true, get: () => tags[0] });
    Object.defineProperty(nav, 'languages', { configurable: true, get: () => languages });
  } catch {
    // A navigator that cannot be given properties: the panels' error boundaries hold what still throws.
  }
}
