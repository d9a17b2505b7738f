import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllNamespaces } from '@/i18n/i18n-store';

// findBy*/waitFor give up after 1 s by default. Lazy chunks (error wording) and work done in 8 ms
// slices (adding to a 100,000-ID list) can take longer than that on a loaded 2-core CI machine; a
// wait ends as soon as its condition holds, so a longer bound only changes how a real failure ends.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

// jsdom has <dialog> without its modal behaviour: open and close, as the palette and the task details use them.
// (Not in a file that asks for the node environment.)
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}

// Each file runs in its own VM context over jsdom's window (the vmThreads pool: jsdom is loaded once per worker,
// not once per file). That window lacks what Node gives a page-like realm and the code uses: Web Streams, and
// the User Timing marks the dashboard measures itself with. Node's own are used, as Chromium has them.
if (typeof globalThis.ReadableStream === 'undefined') {
  const web = await import('node:stream/web');
  Object.assign(globalThis, {
    ReadableStream: web.ReadableStream,
    WritableStream: web.WritableStream,
    TransformStream: web.TransformStream,
  });
}
if (typeof performance.mark !== 'function') {
  const { performance: nodePerformance } = await import('node:perf_hooks');
  Object.assign(performance, { mark: nodePerformance.mark.bind(nodePerformance), measure: nodePerformance.measure.bind(nodePerformance) });
}

// Components render their messages from the catalogs: every English namespace is loaded before any test,
// so tests find the English text as before (a test in Chinese calls setLocale('zh-CN') itself).
await loadAllNamespaces('en');
