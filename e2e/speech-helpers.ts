import { expect, type Page } from '@playwright/test';
import { seedProfileScript } from '../scripts/lib/seed-profile';

let counter = 0;

/** A user ID no other test uses, so points and history never collide. */
export function uniqueUserId(): string {
  counter += 1;
  return `${Date.now() % 1_000_000_000}${process.pid % 1000}${counter}`.slice(0, 18);
}

/** Seed the local connection profile before any page script runs. */
export async function seedConnection(page: Page, userId: string): Promise<void> {
  await page.addInitScript(seedProfileScript(userId));
}

export async function openStudio(page: Page, userId = uniqueUserId()): Promise<string> {
  await seedConnection(page, userId);
  await page.goto('/speech');
  await expect(page.getByRole('heading', { name: 'Speech studio' })).toBeVisible();
  return userId;
}

export async function fillAndSynthesize(
  page: Page,
  { text, voice = 'en-us', format = 'WAV' }: { text: string; voice?: string; format?: string },
) {
  await page.getByLabel('Text to synthesize').fill(text);
  await page.getByLabel('Voice name').fill(voice);
  await page.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  await page.getByRole('button', { name: 'Synthesize' }).click();
}

export const resultAudio = (page: Page) => page.getByRole('region', { name: 'Result' }).locator('audio');

/** Duration known, then the position moves after a click on the first segment (a user gesture). */
export async function expectPlays(page: Page): Promise<void> {
  const audio = resultAudio(page);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 15_000 }).toBeGreaterThan(0);
  await page
    .getByRole('region', { name: /Segments/ })
    .getByRole('button')
    .first()
    .click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.error)).toBeNull();
}

/** How many takes IndexedDB really holds (the list shows a take before its write finishes). */
export function storedTakes(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('console.speech.history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('takes').objectStore('takes').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}
