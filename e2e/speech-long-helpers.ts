import { expect, type Page, type Request } from '@playwright/test';

const SENTENCES = [
  'The console reads this sentence aloud so that there is realistic speech to join.',
  'Dr. Smith paid 3.5 dollars for a cup of tea at the station.',
  'Long texts are split at sentence ends and never in the middle of a word!',
  'Is the audio one file with every part in order?',
];

/** About `chars` characters of prose ending at a sentence end; numbered, so no two parts are alike. */
export function prose(chars: number): string {
  let text = '';
  for (let i = 0; text.length < chars; i++) text += `${i + 1}: ${SENTENCES[i % SENTENCES.length]!} `;
  return text
    .slice(0, chars)
    .replace(/[^.!?]*$/, '')
    .trim();
}

/** The source texts of every synthesis request the page sends, in order. */
export function recordSpeechRequests(page: Page): string[] {
  const texts: string[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && r.url().endsWith('/speechSynthesis/textToSpeech'))
      texts.push((r.postDataJSON() as { sourceText: string }).sourceText);
  });
  return texts;
}

/**
 * The long-text form filled. `speed` 2 (the form's fastest) halves the audio the page then joins,
 * measures and stores: for journeys whose subject is the parts, not the voice.
 */
export async function fillLong(page: Page, text: string, format = 'WAV', { speed }: { speed?: number } = {}): Promise<void> {
  await page.getByLabel('Text to synthesize').fill(text);
  await page.getByLabel('Voice name').fill('en-us');
  await page.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  if (speed !== undefined) await page.getByLabel('Speed value').fill(String(speed));
}

/** prose() of this many characters goes out as three parts of at most 5,000 (4,994 + 4,995 + 281): just past two. */
export const THREE_PARTS = 10_300;
/** The same for two parts (4,994 + 277): just past one. */
export const TWO_PARTS = 5_300;

/** How many parts of unfinished jobs IndexedDB holds. */
export const storedParts = (page: Page) => storedCount(page, 'parts');
/** How many unfinished long texts IndexedDB holds. */
export const storedJobs = (page: Page) => storedCount(page, 'jobs');

function storedCount(page: Page, store: 'parts' | 'jobs'): Promise<number> {
  return page.evaluate(
    (store) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('console.speech.history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(store)) return resolve(0);
          const count = open.result.transaction(store).objectStore(store).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
    store,
  );
}

/** The joined audio is one playable file as long as its parts together, and the Parts list seeks into it. */
export async function expectJoinedTake(page: Page, parts: number): Promise<void> {
  const result = page.getByRole('region', { name: 'Result' });
  const list = result.getByRole('list', { name: 'Parts' });
  await expect(list.getByRole('listitem')).toHaveCount(parts, { timeout: 120_000 });
  const audio = result.locator('audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 20_000 }).toBeGreaterThan(30);
  await expect(result.locator('audio')).toHaveCount(1);
  const last = list.getByRole('listitem').last();
  const lastStart = Number(
    (await last.textContent())
      ?.match(/^(\d+):(\d+\.\d)/)
      ?.slice(1)
      .reduce((m, s) => Number(m) * 60 + Number(s), 0),
  );
  expect(lastStart).toBeGreaterThan(10);
  await last.getByRole('button').first().click();
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(lastStart - 0.1);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.error)).toBeNull();
}
