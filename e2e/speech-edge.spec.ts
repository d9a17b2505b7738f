import { expect, test } from '@playwright/test';
import { expectPlays, fillAndSynthesize, openStudio } from './speech-helpers';
import { STAND_IN_ENGINE } from './speech-engine';

// The page's handling of CORS, cancels and odd answers: the stand-in engine's audio serves (docs/performance.md).
test.use(STAND_IN_ENGINE);

const TTS = /\/api\/speechSynthesis\/textToSpeech$/;

test.describe('speech studio: edge cases of the gateway and the browser', () => {
  test('audio the page may not read (no CORS) still plays, and history says it was not kept', async ({ page }) => {
    // The page's fetch of the audio fails as a CORS block would; the audio element's own request goes through.
    await page.route('**/api/files/audio/**', (route) => (route.request().resourceType() === 'fetch' ? route.abort() : route.continue()));
    await openStudio(page);
    await fillAndSynthesize(page, { text: 'This audio lives on another origin. It still plays.' });
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByText(/^No — The page may not read this audio URL/)).toBeVisible({ timeout: 20_000 });
    await expect(result.getByText('No waveform: the audio itself could not be read by the page.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' }).getByText(/audio not kept/)).toBeVisible();
    await expectPlays(page);
  });

  test('a request in flight can be cancelled and the draft stays', async ({ page }) => {
    await page.route(TTS, (route) =>
      // A gateway that does not answer: the request stays open until the page cancels it (or the test ends).
      page.waitForEvent('requestfailed', { predicate: (r) => r === route.request(), timeout: 0 }).catch(() => undefined),
    );
    await openStudio(page);
    await fillAndSynthesize(page, { text: 'Cancel me before I am spoken.' });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Synthesis cancelled' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Synthesize' })).toBeEnabled();
    await expect(page.getByLabel('Text to synthesize')).toHaveValue('Cancel me before I am spoken.');
  });

  test('cancel also stops a slow audio download after the gateway answered', async ({ page }) => {
    await page.route('**/api/files/audio/**', (route) =>
      // A gateway that does not answer: the request stays open until the page cancels it (or the test ends).
      page.waitForEvent('requestfailed', { predicate: (r) => r === route.request(), timeout: 0 }).catch(() => undefined),
    );
    await openStudio(page);
    await fillAndSynthesize(page, { text: 'The audio of this take is slow to download.' });
    await expect(page.getByRole('button', { name: 'Synthesizing…' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Synthesis cancelled' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Synthesize' })).toBeEnabled();
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(0);
  });

  test('2107 is explained and offers to try again', async ({ page }) => {
    await page.route(TTS, (route) => route.fulfill({ json: { code: 2107, message: 'voice synthesis failed', data: null } }));
    await openStudio(page);
    await fillAndSynthesize(page, { text: 'The engine will fail on this.' });
    const alert = page.getByRole('alert').filter({ hasText: 'The speech engine failed on this text' });
    await expect(alert).toContainText('code 2107');
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByText(/internal failure of the engine/)).toBeVisible();
  });

  test('segments of an unknown shape are shown as key and value, and the take still plays', async ({ page }) => {
    await page.route(TTS, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> | null };
      // An answer without data (an error) passes through unchanged.
      if (!body.data) return route.fulfill({ response });
      body.data.speeches = [{ sentence: 'Odd shape.', from: 0, to: 1.5, extra: { words: 2 } }, 'plain string'];
      await route.fulfill({ response, json: body });
    });
    await openStudio(page);
    await fillAndSynthesize(page, { text: 'Odd shape. Another one.' });
    const segments = page.getByRole('region', { name: /Segments/ });
    await expect(segments.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
    await expect(segments.getByRole('term').filter({ hasText: 'sentence' })).toBeVisible();
    await expect(segments.getByRole('definition').filter({ hasText: '{"words":2}' })).toBeVisible();
    await expect(segments.getByText('"plain string"')).toBeVisible();
    const audio = page.getByRole('region', { name: 'Result' }).locator('audio');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 15_000 }).toBeGreaterThan(0);
  });
});
