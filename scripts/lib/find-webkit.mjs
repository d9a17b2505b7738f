// What a WebKit run of the operator journeys (e2e/webkit) needs from Debian, and what this machine lacks of it:
// WebKitWebDriver and MiniBrowser (package webkit2gtk-driver) and an X display server for them (xvfb).
// pulseaudio is used when present (a null sink of the run's own), not needed: WebKit played without one here.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** @param {string} program @returns {boolean} */
export function onPath(program, env = process.env) {
  return (env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, program)));
}

/** The Debian packages this machine lacks for a WebKit run (empty: none). @returns {string[]} */
export function missingForWebKit(env = process.env) {
  const missing = [];
  if (!onPath('WebKitWebDriver', env) || !existsSync(MINIBROWSER)) missing.push('webkit2gtk-driver');
  if (!onPath('Xvfb', env)) missing.push('xvfb');
  return missing;
}

/** @param {string[]} missing */
export const noWebKitMessage = (missing) => `WebKit not found: install it with \`apt-get install ${missing.join(' ')}\` (Debian)`;
