#!/usr/bin/env node
// Which Chromium drives a run: Playwright's own if installed, else CHROMIUM_PATH, else Debian's.
// The tests prefer Debian's headless shell (package chromium-headless-shell): Chromium without the
// desktop browser around it, which took the whole browser suite 30 % less CPU. The benchmarks and
// probes keep the full browser (/usr/bin/chromium) first, the engine operators use and the one their
// figures were measured in (docs/decisions/testing.md). Run directly, it prints the tests' choice or
// one line on how to get one.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found: install one with `apt-get install chromium-headless-shell fonts-liberation` (Debian) or set CHROMIUM_PATH';

const DEBIAN_BROWSER = '/usr/bin/chromium';
const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The browser for benchmarks and probes: the full one before the headless shell. */
export function findChromium(env = process.env) {
  return firstPresent([playwrightChromium(), env.CHROMIUM_PATH, DEBIAN_BROWSER, DEBIAN_HEADLESS_SHELL]);
}

/** The browser for the tests: the headless shell before the full one. */
export function findTestChromium(env = process.env) {
  return firstPresent([playwrightChromium(), env.CHROMIUM_PATH, DEBIAN_HEADLESS_SHELL, DEBIAN_BROWSER]);
}

/** @param {(string | undefined)[]} candidates @returns {string | null} */
function firstPresent(candidates) {
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
  const path = findTestChromium();
  if (path) console.log(path);
  else {
    console.error(NO_CHROMIUM_MESSAGE);
    process.exit(1);
  }
}
