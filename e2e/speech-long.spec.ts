import { axeBuilder } from './axe';
import { expect, test } from '@playwright/test';
import {
  expectJoinedTake,
  fillLong,
  prose,
  recordSpeechRequests,
  storedJobs,
  storedParts,
  THREE_PARTS,
  TWO_PARTS,
} from './speech-long-helpers';
import { STAND_IN_ENGINE } from './speech-engine';
import { openStudio, uniqueUserId } from './speech-helpers';

const SENTENCE_END = /[.!?;。！？；…]["'”’)\]）」』》】]*$/u;
const codePoints = (s: string) => [...s].length;

// The long-text journey with the real engine (espeak-ng): over 10,000 characters of speech (three parts), joined and played.
test.describe('long texts in parts', () => {
  test.describe.configure({ timeout: 180_000 });

  test('over 10,000 characters go out as 3+ requests of at most 5,000 ending at sentence ends, and come back as one audio', async ({
    page,
  }) => {
    await openStudio(page);
    const sent = recordSpeechRequests(page);
    const text = prose(THREE_PARTS);
    // At speed 2 (the form's fastest): real speech still, half the audio for espeak-ng to make and the page to join.
    await fillLong(page, text, 'WAV', { speed: 2 });
    await expect(page.getByText(/sent as 3 parts of at most 5,000/)).toBeVisible();
    await page.getByRole('button', { name: 'Synthesize' }).click();
    await expect(page.getByRole('progressbar', { name: 'Synthesis progress' })).toBeVisible();
    await expectJoinedTake(page, 3);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const part of sent) {
      expect(codePoints(part)).toBeLessThanOrEqual(5000);
      expect(part).toMatch(SENTENCE_END);
    }
    expect(sent.join(' ')).toBe(text);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText('1 take');
    await expect.poll(() => storedParts(page)).toBe(0);
    const axe = await axeBuilder(page)
      .include('[aria-labelledby="result-title"]')
      .include('[aria-labelledby="speech-form-title"]')
      .analyze();
    expect(axe.violations).toEqual([]);
  });
});

// Pausing, resuming and the voice sample: the page's own work, with the stand-in engine's audio (docs/performance.md).
test.describe('long texts in parts', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use(STAND_IN_ENGINE);

  test('an engine failure (2107) on one part pauses; "Try again" continues with the rest', async ({ page }) => {
    await openStudio(page);
    await fillLong(page, prose(THREE_PARTS), 'WAV', { speed: 2 });
    let calls = 0;
    await page.route('**/speechSynthesis/textToSpeech', async (route) => {
      calls += 1;
      if (calls !== 2) return route.continue();
      await route.fulfill({ json: { code: 2107, message: 'voice synthesis failed', data: null } });
    });
    await page.getByRole('button', { name: 'Synthesize' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The speech engine failed on this text' });
    await expect(alert).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: 'Unfinished long text' })).toContainText('1 of 3 parts done');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expectJoinedTake(page, 3);
    expect(calls).toBe(4);
  });

  test('cancel keeps the finished part; after a reload, resume sends only the rest', async ({ page }) => {
    await openStudio(page);
    const text = prose(THREE_PARTS);
    await fillLong(page, text, 'MP3', { speed: 2 });
    // Hold every part but the first, so Cancel comes with exactly one part finished.
    let first = '';
    await page.route('**/speechSynthesis/textToSpeech', async (route) => {
      const { sourceText } = route.request().postDataJSON() as { sourceText: string };
      first ||= sourceText;
      if (sourceText === first) await route.continue();
    });
    await page.getByRole('button', { name: 'Synthesize' }).click();
    const bar = page.getByRole('progressbar', { name: 'Synthesis progress' });
    await expect.poll(() => bar.evaluate((p: HTMLProgressElement) => p.value), { timeout: 60_000 }).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Synthesis cancelled.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Unfinished long text' })).toContainText('1 of 3 parts done');
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.reload();
    const notice = page.getByRole('region', { name: 'Unfinished long text' });
    await expect(notice).toContainText('1 of 3 parts done');
    const sent = recordSpeechRequests(page);
    await notice.getByRole('button', { name: /^Resume/ }).click();
    await expectJoinedTake(page, 3);
    expect(sent).toHaveLength(2);
    expect(sent.includes(first)).toBe(false);
    await expect(notice).toBeHidden();
  });

  test('running out of points part-way (10091) pauses with the finished part kept', async ({ page, request }) => {
    const userId = uniqueUserId();
    // Enough for one part of about 5,000 characters (1 point per 10), not for two.
    expect((await request.put(`/api/_emulator/users/${userId}`, { data: { points: 550 } })).ok()).toBe(true);
    await openStudio(page, userId);
    await fillLong(page, prose(THREE_PARTS), 'WAV', { speed: 2 });
    await page.getByRole('button', { name: 'Synthesize' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Not enough points for user ${userId}` })).toBeVisible({ timeout: 60_000 });
    const notice = page.getByRole('region', { name: 'Unfinished long text' });
    await expect(notice).toContainText('1 of 3 parts done');
    await expect.poll(() => storedParts(page)).toBe(1);
    await expect(page.getByLabel('Text to synthesize')).toHaveValue(/^1: The console reads/);

    expect((await request.put(`/api/_emulator/users/${userId}`, { data: { points: 100_000 } })).ok()).toBe(true);
    const sent = recordSpeechRequests(page);
    await notice.getByRole('button', { name: /^Resume/ }).click();
    await expectJoinedTake(page, 3);
    expect(sent).toHaveLength(2);
  });
});

test.describe('voices and refusals', () => {
  test.use(STAND_IN_ENGINE);

  test('the voice field offers the target language voices, and "Hear this voice" synthesizes a sample once', async ({ page }) => {
    await openStudio(page);
    await page.getByRole('combobox', { name: 'Target language' }).selectOption('de');
    const options = page.locator('#speech-voice-list option');
    await expect(options).toHaveCount(9);
    expect(await options.evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value))).toContain('de+f3');
    await page.getByLabel('Voice name').fill('de+f3');
    const sent = recordSpeechRequests(page);
    const hear = page.getByRole('button', { name: 'Hear this voice' });
    await hear.click();
    await expect(page.getByRole('status').filter({ hasText: 'Playing a sample of de+f3' })).toBeVisible({ timeout: 20_000 });
    await hear.click();
    await expect(page.getByRole('status').filter({ hasText: 'Playing a sample of de+f3' })).toBeVisible();
    expect(sent).toEqual(['Hallo, so klingt meine Stimme.']);
    // Free entry stays possible: a name outside the list is kept as typed.
    await page.getByLabel('Voice name').fill('my-own-voice');
    await expect(page.getByLabel('Voice name')).toHaveValue('my-own-voice');
  });

  test('a long text the gateway refuses (2001) shows at its field and leaves nothing to resume', async ({ page }) => {
    await openStudio(page);
    await fillLong(page, prose(TWO_PARTS));
    await page.getByLabel('Voice name').fill('no-such-voice');
    await page.getByRole('button', { name: 'Synthesize' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Gateway: Invalid Parameter' })).toContainText('voiceName');
    await expect.poll(() => storedJobs(page)).toBe(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Speech studio' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText('0 takes');
    await expect(page.getByRole('region', { name: 'Unfinished long text' })).toHaveCount(0);
  });
});
