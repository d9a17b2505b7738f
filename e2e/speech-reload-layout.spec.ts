import { expect, test } from '@playwright/test';
import { fillAndSynthesize, openStudio } from './speech-helpers';
import { STAND_IN_ENGINE } from './speech-engine';

test.use(STAND_IN_ENGINE);

/*
 * The studio after a reload, its scripts slow to arrive (a loaded machine, a slow link): once the history is listed
 * nothing above it may arrive and push it down. The Pronunciation panel did (its own chunk, rendered when it came):
 * the history moved ~630 px after it was listed, so a Replay clicked then landed elsewhere and replayed nothing. That
 * was the Firefox journey's rare failure (its click reached the studio's section, not the button).
 */
test('after a reload the history stays where it was listed, and Replay clicked then replays the take', async ({ page }) => {
  test.setTimeout(60_000);
  const text = 'A take replayed just after a reload.';
  await openStudio(page);
  await fillAndSynthesize(page, { text });
  const history = page.getByRole('region', { name: 'History', exact: true });
  await expect(history.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await expect(history.getByText('saving…', { exact: true })).toHaveCount(0, { timeout: 15_000 });

  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.reload();
  const replay = history.getByRole('button', { name: /^Replay take of / });
  await expect(replay).toBeVisible();
  const listed = await replay.boundingBox();
  // Every panel of the studio is in: the last of them, the Pronunciation panel, has its heading.
  await expect(page.getByRole('heading', { name: 'Pronunciation', level: 2 })).toBeVisible();
  expect(await replay.boundingBox()).toEqual(listed);
  await replay.click();
  await expect(page.getByRole('region', { name: 'Result', exact: true })).toContainText(text, { timeout: 15_000 });
});
