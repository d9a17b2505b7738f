import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllNamespaces } from '@/i18n/i18n-store';

// findBy*/waitFor give up after 1 s by default. Lazy chunks (error wording) and work done in 8 ms
// slices (adding to a 100,000-ID list) can take longer than that on a loaded 2-core CI machine; a
// wait ends as soon as its condition holds, so a longer bound only changes how a real failure ends.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

// Components render their messages from the catalogs: every English namespace is loaded before any test,
// so tests find the English text as before (a test in Chinese calls setLocale('zh-CN') itself).
await loadAllNamespaces('en');
