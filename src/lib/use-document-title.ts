import { useEffect } from 'react';

const PRODUCT_NAME = 'Service AI Console';

/** "Tasks · Service AI Console": the page first, so tabs and history entries say where they lead. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageTitle]);
}
