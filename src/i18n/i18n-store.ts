import loaders from 'virtual:catalogs';
import { createStore, local, readJson, writeJson } from '@/lib/persisted-store';
import type { English } from './english-catalogs';
import { formatParts, type MessageValue } from './message-format';
import { browserLanguages } from './browser-language';
import { DEFAULT_LOCALE, isLocale, pickLocale, type Locale } from './locales';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A catalog's top-level key: the messages one lazy chunk loads (common = shell, header, shared components). */
export type Namespace = keyof English;
/** 'namespace.path.to.message', checked against the English catalogs: a wrong key fails the typecheck. */
export type MessageKey = Leaves<English>;

const STORAGE_KEY = 'console.locale';

/** The operator's stored choice, else the browser's languages (zh-* → zh-CN, else English). */
export function detectLocale(): Locale {
  const stored = readJson(local(), STORAGE_KEY);
  if (isLocale(stored)) return stored;
  return typeof navigator === 'undefined' ? DEFAULT_LOCALE : pickLocale(browserLanguages(navigator));
}

// Loaded messages by locale and full key ('en.common.nav.tasks'); the snapshot changes on every load or switch.
const messages: Record<string, string> = {};
const wanted = new Set<Namespace>();
const loading: Record<string, Promise<void>> = {};
const loaded = new Set<string>();
export const i18nStore = createStore({ locale: detectLocale(), loads: 0 });

/** The locale's messages of `ns`, downloaded once (its own small chunk); remembered, so a switch of language loads it too. */
export function loadNamespace(ns: Namespace, locale: Locale = i18nStore.get().locale): Promise<void> {
  wanted.add(ns);
  const id = `${locale}.${ns}`;
  return (loading[id] ??= loaders[locale]![ns]!().then(
    ({ default: table }) => {
      for (const key in table) messages[`${id}.${key}`] = table[key]!;
      loaded.add(id);
      i18nStore.set({ ...i18nStore.get(), loads: i18nStore.get().loads + 1 });
    },
    (error: unknown) => {
      delete loading[id]; // a later call tries again (the chunk's request failed)
      throw error;
    },
  ));
}

/** Every namespace of a locale (tests load all English messages up front). */
export const loadAllNamespaces = (locale: Locale): Promise<unknown> =>
  Promise.all(Object.keys(loaders[locale] ?? {}).map((ns) => loadNamespace(ns as Namespace, locale)));

let switching = 0;
/** Loads the new locale's messages for every namespace in use, then switches: no reload, no half-translated frame. */
export async function setLocale(locale: Locale): Promise<void> {
  const mine = ++switching;
  await Promise.all([...wanted].map((ns) => loadNamespace(ns, locale)));
  if (mine !== switching) return; // a later choice won
  writeJson(local(), STORAGE_KEY, locale);
  document.documentElement.lang = locale;
  describePage(locale);
  i18nStore.set({ ...i18nStore.get(), locale });
}

/**
 * The page's <meta name="description"> in the language (index.html has the English for a reader
 * that runs no script): a bookmark, a tab search or a shared link then says what the page is in
 * the operator's language. Needs the common messages; without them the English stays.
 */
function describePage(locale: Locale): void {
  const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (meta && isNamespaceLoaded('common', locale)) meta.content = lookup(locale, 'common.app.description');
}

/** Before the first render (src/main.tsx): <html lang> and the first namespaces, so the first paint is in the chosen language. */
export function startLocale(namespaces: readonly Namespace[]): Promise<unknown> {
  const { locale } = i18nStore.get();
  document.documentElement.lang = locale;
  return Promise.all(namespaces.map((ns) => loadNamespace(ns, locale))).finally(() => describePage(locale));
}

export const getLocale = (): Locale => i18nStore.get().locale;

export type Translate = (key: MessageKey, values?: Record<string, MessageValue>) => string;

/** The message in `locale`, or its key while it is not loaded (a missing namespace shows, it does not crash). */
export function lookup(locale: Locale, key: string): string {
  const message = messages[`${locale}.${key}`];
  if (message === undefined && import.meta.env.DEV) console.warn(`i18n: "${key}" is not loaded for ${locale}`);
  return message ?? key;
}

export const translator =
  (locale: Locale): Translate =>
  (key, values) =>
    values ? formatParts(lookup(locale, key), values, locale).join('') : lookup(locale, key);

/** Outside React (module code, event handlers): the message in the current locale. Components use useT(). */
export const t: Translate = (key, values) => translator(i18nStore.get().locale)(key, values);

/** Whether `ns` has its messages in `locale` (useNamespace). */
export const isNamespaceLoaded = (ns: Namespace, locale: Locale): boolean => loaded.has(`${locale}.${ns}`);
