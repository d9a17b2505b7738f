import { expect, type Page } from '@playwright/test';
import { seedGatewayProfile } from './connection-helpers';

/** What a payload would leave behind if it ran: dialogs it opened and errors the page threw. */
type ScriptWatch = { dialogs: string[]; pageErrors: string[] };

/**
 * Seed a connection profile pointing at a hostile gateway URL, the watch list and the 2 s poll,
 * before any page script runs; record dialogs and uncaught errors.
 */
export async function openWithGateway(
  page: Page,
  gatewayUrl: string,
  { path, ids = [] }: { path: '/tasks' | '/speech'; ids?: readonly string[] },
): Promise<ScriptWatch> {
  const watch: ScriptWatch = { dialogs: [], pageErrors: [] };
  page.on('dialog', (d) => {
    watch.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => watch.pageErrors.push(e.message));
  await seedGatewayProfile(
    page,
    gatewayUrl,
    { id: 'hostile', name: 'Hostile' },
    { 'console.tasks.settings': { intervalMs: 2_000 }, 'console.tasks.watch-list': ids },
  );
  await page.goto(path);
  return watch;
}

/**
 * No payload ran: the flag is unset, no dialog opened, nothing was thrown, no prototype was
 * polluted, and no element the gateway's markup describes exists anywhere in the page.
 */
export async function expectNothingRan(page: Page, watch: ScriptWatch): Promise<void> {
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    polluted: (Object.prototype as { polluted?: unknown }).polluted,
    injected: document.querySelectorAll('script:not([src]), img, svg[onload], iframe, [onerror], [onload], [srcdoc]').length,
  }));
  expect(state.pwned, 'a payload set window.__pwned').toBeUndefined();
  expect(state.polluted, 'Object.prototype was polluted').toBeUndefined();
  expect(state.injected, 'elements made from gateway markup').toBe(0);
  expect(watch.dialogs, 'dialogs opened').toEqual([]);
  expect(watch.pageErrors, 'uncaught errors').toEqual([]);
}

/** Every href/src/action in the page that is not http(s), blob: or this page's own, or that points at evil.example. */
function unsafeUrls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    for (const el of document.querySelectorAll('[href], [src], [action], [formaction], [poster], [data]')) {
      for (const attr of ['href', 'src', 'action', 'formaction', 'poster', 'data']) {
        const value = el.getAttribute(attr);
        if (value === null) continue;
        let protocol = 'invalid:';
        try {
          protocol = new URL(value, document.baseURI).protocol;
        } catch {
          // an unparsable URL counts as unsafe
        }
        if (!['http:', 'https:', 'blob:'].includes(protocol) || value.includes('evil.example'))
          bad.push(`<${el.localName} ${attr}="${value}">`);
      }
    }
    return bad;
  });
}

export async function expectNoUnsafeUrls(page: Page): Promise<void> {
  expect(await unsafeUrls(page), 'unsafe links or sources').toEqual([]);
}
