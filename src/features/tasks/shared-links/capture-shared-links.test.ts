import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A navigation to `hash` in this tab, as the Navigation API reports it; whether it was prevented. */
function navigate(target: EventTarget, hash: string, { hashChange = true } = {}): boolean {
  const event = Object.assign(new Event('navigate', { cancelable: true }), {
    hashChange,
    destination: { url: `http://console.test/tasks${hash}` },
  });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

const LINK = '#ids=c2hhcmVk';
let navigation: EventTarget;

beforeEach(() => {
  // Each test its own module: the listener is installed once per page.
  vi.resetModules();
  navigation = new EventTarget();
  vi.stubGlobal('navigation', navigation);
});
afterEach(() => vi.unstubAllGlobals());

describe('shared links pasted into the address bar', () => {
  it('while the Tasks page loads: kept for it, the address left as it is, and handed over when it takes links', async () => {
    const { captureSharedLinks, takeSharedLinks } = await import('./capture-shared-links');
    captureSharedLinks(() => true);
    expect(navigate(navigation, LINK)).toBe(true);
    const taken: string[] = [];
    const stop = takeSharedLinks((hash) => (taken.push(hash), true));
    expect(taken).toEqual([LINK]);
    // Then straight to the page.
    expect(navigate(navigation, '#ids=b3RoZXI')).toBe(true);
    expect(taken).toEqual([LINK, '#ids=b3RoZXI']);
    // The page gone but the tab still on it (a new one loading): kept again, not handed to the old one.
    stop();
    expect(navigate(navigation, LINK)).toBe(true);
    expect(taken).toHaveLength(2);
  });

  it('lets other navigations through: another page, another fragment, a new address', async () => {
    const { captureSharedLinks, takeSharedLinks } = await import('./capture-shared-links');
    let onTasks = false;
    captureSharedLinks(() => onTasks);
    expect(navigate(navigation, LINK)).toBe(false);
    onTasks = true;
    expect(navigate(navigation, '#details')).toBe(false);
    expect(navigate(navigation, LINK, { hashChange: false })).toBe(false);
    const taken: string[] = [];
    takeSharedLinks((hash) => (taken.push(hash), false));
    expect(taken).toEqual([]);
    expect(navigate(navigation, LINK)).toBe(false);
    expect(taken).toEqual([LINK]);
  });

  it('installs itself when the page takes links first (no entry ran: tests, another entry)', async () => {
    const { takeSharedLinks } = await import('./capture-shared-links');
    const taken: string[] = [];
    takeSharedLinks((hash) => (taken.push(hash), true));
    expect(navigate(navigation, LINK)).toBe(true);
    expect(taken).toEqual([LINK]);
  });
});
