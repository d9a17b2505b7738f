import { useEffect, useMemo } from 'react';
import { i18nStore, isNamespaceLoaded, loadNamespace, translator, type Namespace, type Translate } from '@/i18n/i18n-store';
import type { Locale } from '@/i18n/locales';

// The i18n store's hooks (docs/i18n.md); code outside components uses t() from the store itself.

/** The current locale; renders again when it changes. */
export const useLocale = (): Locale => i18nStore.use((s) => s.locale);

/** `t` for the current locale: the component renders again on a language switch or when messages arrive. */
export function useT(): Translate {
  const state = i18nStore.use();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- state.loads: a new t when messages arrive
  return useMemo(() => translator(state.locale), [state.locale, state.loads]);
}

/**
 * For a component in the first-load bundle whose words only some states need (kept out of the
 * first visit's messages): loads `ns` once `needed`, and says whether its messages are here in the
 * current locale. Until then, render something that needs only what is loaded.
 */
export function useNamespace(ns: Namespace, needed = true): boolean {
  const { locale } = i18nStore.use();
  useEffect(() => {
    if (needed) loadNamespace(ns, locale).catch(() => undefined);
  }, [ns, needed, locale]);
  return isNamespaceLoaded(ns, locale);
}
