import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MINIBROWSER, missingForWebKit, noWebKitMessage } from './find-webkit.mjs';

const bin = mkdtempSync(join(tmpdir(), 'find-webkit-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));
const program = (name: string) => {
  writeFileSync(join(bin, name), '#!/bin/sh\n');
  chmodSync(join(bin, name), 0o755);
};

describe('missingForWebKit', () => {
  it('names both Debian packages when neither program is on PATH', () => {
    expect(missingForWebKit({ PATH: '/nonexistent' })).toEqual(['webkit2gtk-driver', 'xvfb']);
    expect(noWebKitMessage(['webkit2gtk-driver', 'xvfb'])).toContain('apt-get install webkit2gtk-driver xvfb');
  });

  it('names only what is missing', () => {
    program('Xvfb');
    const missing = missingForWebKit({ PATH: bin });
    expect(missing).toEqual(['webkit2gtk-driver']);
    program('WebKitWebDriver');
    // MiniBrowser is looked for at Debian's path: without it the driver package still counts as missing.
    expect(missingForWebKit({ PATH: bin })).toEqual(existsSync(MINIBROWSER) ? [] : ['webkit2gtk-driver']);
  });
});
