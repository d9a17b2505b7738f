import { dirname } from 'node:path';
import { vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';

// The browser-unit project runs its files one after another in a worker that keeps one jsdom window and one
// module graph of node_modules (React, react-dom, testing-library, zod are evaluated once per worker, not once
// per file). This file runs before each test file and gives it what a fresh VM context gave it, a new page:
// - the console's own modules (src/) evaluated afresh: their module-level state (stores read from storage once,
//   caches, the locale, started listeners) starts as on a new page;
// - the window as a page starts: no listeners of the last page's scripts, empty storage, no IndexedDB data,
//   no DOM left, the first URL, real timers, no stubbed globals.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

type PageListener = { target: EventTarget; type: string; listener: EventListenerOrEventListenerObject; options: unknown };
type SharedWorkerState = typeof globalThis & { firstHref?: string; pageListeners?: PageListener[]; pageChannels?: BroadcastChannel[] };

if (typeof document !== 'undefined') newPage(); // (a file may ask for the node environment)

function newPage(): void {
  const state = globalThis as SharedWorkerState;
  state.pageListeners ??= recordPageListeners();
  // Listeners the last file's modules put on the window or document (a module that listens as it loads, such as
  // command-keys.tsx, would otherwise keep acting on this file's keys from its old, unreachable instance).
  for (const { target, type, listener, options } of state.pageListeners.splice(0)) {
    target.removeEventListener(type, listener, options as EventListenerOptions);
  }
  // The last page's BroadcastChannels close as a page's do when it goes: work its modules left running can no
  // longer tell this file's modules of a write (watch-list-sync.ts, tab-synced-db.ts), nor hear theirs.
  state.pageChannels ??= recordPageChannels();
  for (const channel of state.pageChannels.splice(0)) channel.close();
  state.firstHref ??= location.href;
  if (location.href !== state.firstHref) history.replaceState(null, '', state.firstHref);
  localStorage.clear();
  sessionStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  document.title = '';
  if ('indexedDB' in globalThis) globalThis.indexedDB = new IDBFactory();
}

/**
 * Records the listeners added to the window or the document by code under src/ (the console's and the tests'
 * own), not by node_modules: those stay evaluated across files and keep their listeners (user-event prepares
 * the document once; react-query's focus and online managers listen while subscribed).
 */
function recordPageListeners(): PageListener[] {
  const recorded: PageListener[] = [];
  const src = `${dirname(import.meta.dirname)}/`; // this project's src/
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, type, listener, options) {
    if ((this === window || this === document) && listener) {
      const caller = new Error().stack?.split('\n')[2] ?? '';
      if (caller.includes(src) && !caller.includes('/node_modules/')) recorded.push({ target: this, type, listener, options });
    }
    add.call(this, type, listener, options);
  };
  return recorded;
}

/** Records every BroadcastChannel opened; one closed says nothing more (a late post of a gone page is dropped). */
function recordPageChannels(): BroadcastChannel[] {
  const opened: BroadcastChannel[] = [];
  if (typeof BroadcastChannel !== 'function') return opened;
  class PageChannel extends BroadcastChannel {
    #closed = false;
    constructor(name: string) {
      super(name);
      opened.push(this);
    }
    override postMessage(message: unknown): void {
      if (!this.#closed) super.postMessage(message);
    }
    override close(): void {
      this.#closed = true;
      super.close();
    }
  }
  globalThis.BroadcastChannel = PageChannel;
  return opened;
}
