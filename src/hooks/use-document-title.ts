import { useEffect } from 'react';
import { createStore } from '@/lib/persisted-store';

/** A name, the same in every language (docs/glossary.md). */
export const PRODUCT_NAME = 'Service AI Console';

/** Live counts in front of every page's title, e.g. "(3 live · 2/5 done) ", so a background tab still tells how it goes. */
export const titlePrefixStore = createStore('');

/** "Tasks · Service AI Console": the page first, so tabs and history entries say where they lead. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const prefix = titlePrefixStore.use();
  useEffect(() => {
    document.title = prefix + (pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME);
  }, [prefix, pageTitle]);
}
