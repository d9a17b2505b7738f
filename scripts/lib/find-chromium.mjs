#!/usr/bin/env node
// Which Chromium the browser tests drive: Playwright's own if installed, else CHROMIUM_PATH,
// else Debian's /usr/bin/chromium. Run directly, it prints the path or one line on how to get one.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const NO_CHROMIUM_MESSAGE = 'No Chromium found: install one with `apt-get install chromium` (Debian) or set CHROMIUM_PATH';

/** @returns {string | null} */
export function findChromium(env = process.env) {
  const candidates = [playwrightChromium(), env.CHROMIUM_PATH, '/usr/bin/chromium'];
  return candidates.find((path) => typeof path === 'string' && path !== '' && existsSync(path)) ?? null;
}

function playwrightChromium() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = findChromium();
  if (path) console.log(path);
  else {
    console.error(NO_CHROMIUM_MESSAGE);
    process.exit(1);
  }
}
