import { loadAllNamespaces } from '@/i18n/i18n-store';

// Models word some results through the catalogs (error advice, reasons): English, as in the DOM tests.
await loadAllNamespaces('en');
