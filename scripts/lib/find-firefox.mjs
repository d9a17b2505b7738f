#!/usr/bin/env node
// Which Firefox runs the browser tests' Firefox project: FIREFOX_PATH, else Debian's Firefox ESR. Playwright
// drives it over WebDriver BiDi (channel moz-firefox), so a stock Firefox serves; Playwright's own patched
// Firefox cannot be downloaded here. Run directly, it prints the choice or one line on how to get one.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const NO_FIREFOX_MESSAGE =
  'No Firefox found: install one with `apt-get install --no-install-recommends firefox-esr pulseaudio` (Debian) or set FIREFOX_PATH';

const DEBIAN_FIREFOX_ESR = '/usr/bin/firefox-esr';

/** @returns {string | null} */
export function findFirefox(env = process.env) {
  return [env.FIREFOX_PATH, DEBIAN_FIREFOX_ESR].find((path) => typeof path === 'string' && path !== '' && existsSync(path)) ?? null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = findFirefox();
  if (path) console.log(path);
  else {
    console.error(NO_FIREFOX_MESSAGE);
    process.exit(1);
  }
}
