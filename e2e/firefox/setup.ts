import { createRequire } from 'node:module';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { soundServerAnswers } from '../../scripts/lib/sound-server.mjs';

// ── The transport shim (docs/decisions/testing.md, "Firefox runs the core journeys") ─────────────
// playwright-core 1.65 sends `emulation.setMediaFeaturesOverride` for every new page and context;
// Firefox ESR 153 does not know the command and answers "unknown command", which fails the page.
// Answered here with an empty success, in this worker's transport (the browser is launched from the
// worker process), before any test launches Firefox. Its one effect: `emulateMedia({ colorScheme })`
// does nothing in Firefox, which no Firefox journey uses. Remove it the day a Firefox ESR answers
// the command (`firefox-esr --version` ≥ the first with it) or playwright-core stops sending it.
const UNKNOWN_TO_FIREFOX = 'emulation.setMediaFeaturesOverride';
type BidiMessage = { id?: number; method?: string };
type Transport = { send(message: BidiMessage): void; onmessage?: (message: unknown) => void };
const core = createRequire(import.meta.url)('playwright-core/lib/coreBundle') as {
  server: { WebSocketTransport: { prototype: Transport } };
};
const transport = core.server.WebSocketTransport.prototype;
const send = transport.send;
if (!(send as { shimmed?: boolean }).shimmed) {
  const shimmed = function (this: Transport, message: BidiMessage): void {
    if (message.method !== UNKNOWN_TO_FIREFOX) return send.call(this, message);
    // Answered as the browser would, after this call returns (the caller registers its callback first).
    setImmediate(() => this.onmessage?.({ type: 'success', id: message.id, result: {} }));
  };
  transport.send = Object.assign(shimmed, { shimmed: true });
}

// ── The page's own console errors ──────────────────────────────────────────────────────────────
// Every journey ends by asserting that the page printed no console error, threw nothing and broke no CSP rule.
// Firefox reports a CSP violation as an uncaught error with no source, so violations are judged by the page's own
// `securitypolicyviolation` events instead, which name it: code the driver evaluates into the page (Playwright's
// injected styles, a screenshot's caret-hiding style) has a source ending "> eval", which the page's CSP forbids
// the page itself. Those are the harness's: kept as the test's "harness CSP" annotation, not failed on.
type Violation = { directive: string; source: string; line: number; sample: string };
type Seen = { errors: string[]; harness: string[] };
const HARNESS_CODE = / > eval$/;
const CSP_REPORT = /^The page’s settings blocked /;

export const test = base.extend<{ pageErrors: Seen }>({
  pageErrors: [
    async ({ page }, use, testInfo) => {
      const seen: Seen = { errors: [], harness: [] };
      await page.exposeFunction('__reportCspViolation', (v: Violation) => {
        const line = `${v.directive} from ${v.source}:${v.line}${v.sample ? `: ${v.sample}` : ''}`;
        (HARNESS_CODE.test(v.source) ? seen.harness : seen.errors).push(`CSP: ${line}`);
      });
      await page.addInitScript(() => {
        const report = (window as unknown as { __reportCspViolation: (v: Violation) => void }).__reportCspViolation;
        document.addEventListener('securitypolicyviolation', (e) =>
          report({ directive: e.effectiveDirective, source: decodeURIComponent(e.sourceFile), line: e.lineNumber, sample: e.sample }),
        );
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        (HARNESS_CODE.test(url) ? seen.harness : seen.errors).push(`console: ${message.text()} (${url}:${lineNumber})`);
      });
      page.on('pageerror', (error) => {
        if (!CSP_REPORT.test(error.message)) seen.errors.push(`uncaught: ${error.message}\n${error.stack ?? ''}`);
      });
      await use(seen);
      if (seen.harness.length > 0) testInfo.annotations.push({ type: 'harness CSP', description: seen.harness.join('\n') });
      expect(seen.errors, 'the page printed errors in its console').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

// ── Typed input ───────────────────────────────────────────────────────────────────────────────
/**
 * Puts text into a field as typed keys. In Firefox over BiDi `locator.fill()` sets the value without
 * React's onChange firing (the field shows the text, the form never sees it); keys do. Newlines are
 * typed as Enter (a textarea's new line).
 */
export async function typeInto(field: Locator, text: string): Promise<void> {
  // Erased with keys too (End, Shift+Home, Backspace): the form sees the field emptied as an operator would empty it.
  await field.click();
  await field.press('End');
  await field.press('Shift+Home');
  await field.press('Backspace');
  await expect(field).toHaveValue('');
  await field.pressSequentially(text);
  await expect(field).toHaveValue(text);
}

// ── Blob downloads ────────────────────────────────────────────────────────────────────────────
// Firefox over BiDi fires no `download` event for a file the page saves from a Blob (an anchor with
// `download` and a blob: URL, src/lib/save-file.ts). The init script below keeps each such save's
// name and Blob, so a journey reads the very bytes the operator would get.
export async function keepBlobSaves(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const saves: Array<{ name: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = create(object);
      if (object instanceof Blob) blobs.set(url, object);
      return url;
    };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (this.download && blob) saves.push({ name: this.download, blob });
      click.call(this);
    };
    Object.defineProperty(window, '__blobSaves', { value: saves });
  });
}

/** The last file the page saved from a Blob, once there is one: its name and bytes. */
export async function lastBlobSave(page: Page): Promise<{ name: string; bytes: Buffer }> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __blobSaves: unknown[] }).__blobSaves.length)).toBeGreaterThan(0);
  const { name, base64 } = await page.evaluate(async () => {
    const save = (window as unknown as { __blobSaves: Array<{ name: string; blob: Blob }> }).__blobSaves.at(-1)!;
    const bytes = new Uint8Array(await save.blob.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return { name: save.name, base64: btoa(binary) };
  });
  return { name, bytes: Buffer.from(base64, 'base64') };
}

// ── Sound ─────────────────────────────────────────────────────────────────────────────────────
/**
 * Why audio may not play: headless Firefox plays through a sound server only (with none, playback fails
 * with OnMediaSinkAudioError). Null when one answers; else the sentence a failed audio step carries.
 */
export function soundServerProblem(): string | null {
  if (soundServerAnswers()) return null;
  return 'No sound server answers (`pactl info` failed or pactl is missing): headless Firefox cannot play audio without one. Install PulseAudio (Debian: `apt-get install --no-install-recommends pulseaudio`) and run the tests through `npm test`, which starts it, or start it yourself (`pulseaudio --exit-idle-time=-1 --disallow-exit -D`).';
}
