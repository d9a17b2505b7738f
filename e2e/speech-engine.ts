import type { PlaywrightTestOptions } from '@playwright/test';

/**
 * `test.use(STAND_IN_ENGINE)`: the spec (or describe block) runs against the server whose embedded
 * gateway speaks with the deterministic stand-in engine (playwright.config.ts, SPEECH_ENGINE=stand-in):
 * for journeys whose subject is the page. Its audio is real WAV/PCM/MP3 made by the gateway's own
 * joiner and encoders, but no words: assertions about the real voice stay on the default server.
 */
export const STAND_IN_ENGINE: Pick<PlaywrightTestOptions, 'baseURL'> = { baseURL: standInUrl() };

function standInUrl(): string {
  const url = process.env.E2E_STAND_IN_URL;
  if (!url) throw new Error('E2E_STAND_IN_URL is unset: run the browser tests through playwright.config.ts');
  return url;
}

/** For a server a spec starts itself (e2e/proxy-server.ts): its embedded gateway speaks with the stand-in. */
export const STAND_IN_ENV = { SPEECH_ENGINE: 'stand-in' } as const;
