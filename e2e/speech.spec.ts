import { axeBuilder } from './axe';
import { expect, test } from '@playwright/test';
import { SPEC_AUDIO_FORMATS, type AudioFormat } from '#contract';
import { STAND_IN_ENGINE } from './speech-engine';
import { expectPlays, fillAndSynthesize, openStudio, resultAudio, seedConnection, storedTakes, uniqueUserId } from './speech-helpers';

const SENTENCES = 'The quick brown fox jumps over the lazy dog. It was a sunny day in the park. Birds were singing everywhere.';
/** The download link a take of each format offers first: raw PCM also offers a WAV copy. */
const DOWNLOAD_LINK: Record<AudioFormat, string> = { pcm: 'Download raw PCM (.pcm)', wav: 'Download .wav', mp3: 'Download .mp3' };

// One journey per format with the real engine (espeak-ng): real speech, encoded, played.
test.describe('speech studio against the embedded gateway', () => {
  for (const spec of SPEC_AUDIO_FORMATS) {
    const format = spec.toUpperCase();
    test(`synthesizes ${format} and it plays in the browser`, async ({ page }) => {
      await openStudio(page);
      await fillAndSynthesize(page, { text: SENTENCES, format });
      const result = page.getByRole('region', { name: 'Result' });
      await expect(result.getByText(/^Service_AI/)).toBeVisible({ timeout: 20_000 });
      await expect(result).toContainText(`${format}`);
      await expect(result.getByRole('link', { name: DOWNLOAD_LINK[spec] })).toHaveAttribute(
        'download',
        new RegExp(`^the-quick-brown-fox-jumps_en-us_Service_AI\\w+\\.${spec}$`),
      );
      await expectPlays(page);
      await expect(result.locator('[data-state]')).toHaveAttribute('data-state', 'ready');
    });
  }
});

// The page around a take (segments, history, compare, form, axe): the stand-in engine's audio.
test.describe('speech studio against the embedded gateway', () => {
  test.use(STAND_IN_ENGINE);

  test('a segment click seeks there and the playing segment is highlighted', async ({ page }) => {
    await openStudio(page);
    await fillAndSynthesize(page, { text: SENTENCES });
    const segments = page.getByRole('region', { name: /Segments/ }).getByRole('listitem');
    await expect(segments).toHaveCount(3, { timeout: 20_000 });
    const third = segments.nth(2);
    await third.getByRole('button').click();
    const audio = resultAudio(page);
    const start = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
    expect(start).toBeGreaterThan(1);
    await expect(third).toHaveAttribute('aria-current', 'true');
    await expect(segments.nth(0)).not.toHaveAttribute('aria-current', 'true');
  });

  test('100,001 characters are blocked and "Trim to 100,000" fixes it', async ({ page }) => {
    await openStudio(page);
    await page.getByLabel('Text to synthesize').fill('a'.repeat(99_999) + '😀b');
    await expect(page.getByText('100,001 / 100,000 characters')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'sending is blocked' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Synthesize' })).toBeDisabled();
    await page.getByRole('button', { name: 'Trim to 100,000' }).click();
    await expect(page.getByText(/^100,000 \/ 100,000 characters/)).toBeVisible();
    await expect(page.getByLabel('Text to synthesize')).toHaveValue('a'.repeat(99_999) + '😀');
    await expect(page.getByRole('button', { name: 'Synthesize' })).toBeEnabled();
  });

  test('fields are validated next to themselves and the draft survives a reload', async ({ page }) => {
    await openStudio(page);
    await page.getByLabel('Text to synthesize').fill('   ');
    await page.getByLabel('Speed value').fill('2.01');
    await page.getByLabel('Text to synthesize').press('Control+Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Text is required' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Give a voice name or a timbre number' })).toHaveCount(2);
    await expect(page.getByRole('alert').filter({ hasText: 'Must be at most 2' })).toBeVisible();
    await page.getByLabel('Text to synthesize').fill('Keep me after a reload.');
    await page.reload();
    await expect(page.getByLabel('Text to synthesize')).toHaveValue('Keep me after a reload.');
    await expect(page.getByLabel('Speed value')).toHaveValue('2.01');
  });

  test('a user with 0 points sees the points message and keeps the draft', async ({ page, request }) => {
    const userId = uniqueUserId();
    const put = await request.put(`/api/_emulator/users/${userId}`, { data: { points: 0 } });
    expect(put.ok()).toBe(true);
    await openStudio(page, userId);
    await fillAndSynthesize(page, { text: 'No points left for this.' });
    const alert = page.getByRole('alert').filter({ hasText: `Not enough points for user ${userId}` });
    await expect(alert).toContainText('code 10091');
    await expect(page.getByText(/charges points per synthesis/)).toBeVisible();
    await expect(page.getByLabel('Text to synthesize')).toHaveValue('No points left for this.');
  });

  test('a 2001 naming a field is shown at that field', async ({ page }) => {
    await openStudio(page);
    await fillAndSynthesize(page, { text: 'Hello.', voice: 'no-such-voice' });
    await expect(page.getByRole('alert').filter({ hasText: 'Gateway: Invalid Parameter' })).toContainText('voiceName');
    await expect(page.getByLabel('Voice name')).toHaveAttribute('aria-invalid', 'true');
  });

  test('history survives a reload and replays with the gateway stopped', async ({ page }) => {
    await openStudio(page);
    const text = `History take ${Date.now()}. It should replay offline.`;
    await fillAndSynthesize(page, { text, format: 'MP3' });
    await expect(resultAudio(page)).toBeAttached({ timeout: 20_000 });
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText(text)).toBeVisible();
    await expect.poll(() => storedTakes(page)).toBe(1);
    // Only the gateway: in dev mode the console's own modules live under /src/features/speech/ (take/, audio/…).
    await page.route(/^https?:\/\/[^/]+\/api\//, (route) => route.abort());
    await page.reload();
    await expect(history.getByText(text)).toBeVisible();
    await history.getByRole('searchbox', { name: 'Search takes by text' }).fill('should replay offline');
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await history.getByRole('button', { name: /^Replay take/ }).click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText(text);
    await expectPlays(page);
  });

  test('two takes side by side show their differences; use settings again; delete', async ({ page }) => {
    await openStudio(page);
    await fillAndSynthesize(page, { text: 'First take.' });
    await expect(resultAudio(page)).toBeAttached({ timeout: 20_000 });
    await page.getByLabel('Speed value').fill('1.5');
    await fillAndSynthesize(page, { text: 'First take.', format: 'MP3' });
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
    await history
      .getByRole('checkbox', { name: /Compare/ })
      .nth(0)
      .check();
    await history
      .getByRole('checkbox', { name: /Compare/ })
      .nth(1)
      .check();
    const compare = page.getByRole('region', { name: 'Compare two takes' });
    const table = compare.getByRole('table', { name: 'Parameters that differ' });
    await expect(table.getByRole('row', { name: /speedFactor/ })).toContainText('1.5');
    await expect(table.getByRole('row', { name: /format/ })).toContainText('mp3');
    await expect(compare.locator('audio')).toHaveCount(2);
    await history
      .getByRole('button', { name: /^Use these settings again/ })
      .nth(1)
      .click();
    await expect(page.getByLabel('Speed value')).toHaveValue('1');
    // The restored settings are the new draft: a reload keeps them.
    await page.reload();
    await expect(page.getByLabel('Speed value')).toHaveValue('1');
    await expect(page.getByRole('radio', { name: 'WAV' })).toBeChecked();
    await history
      .getByRole('button', { name: /^Delete take/ })
      .first()
      .click();
    await expect(history.getByRole('listitem')).toHaveCount(1);
  });

  test('axe: no violations with a result and history shown', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await seedConnection(page, uniqueUserId());
    await page.goto('/speech');
    await fillAndSynthesize(page, { text: SENTENCES });
    await expect(page.getByRole('region', { name: /Segments/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(1);
    const results = await axeBuilder(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
