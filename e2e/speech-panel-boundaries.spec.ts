import { expect, test } from '@playwright/test';
import { seedConnection, uniqueUserId } from './speech-helpers';

const DRAFT = '语音合成'.repeat(1750);

test('a stored draft that breaks the speech form as it loads is set aside with a notice; the studio works, and after a reload too', async ({
  page,
}) => {
  // The word segmenter (the library the form runs on a long text with no spaces, to split it in
  // parts) fails on long input: the kept draft, 7,000 characters of Chinese, breaks the form each time it starts.
  await page.addInitScript(() => {
    const segment = Intl.Segmenter.prototype.segment;
    Intl.Segmenter.prototype.segment = function (this: Intl.Segmenter, input: string) {
      if (input.length > 4000) throw new Error('Word segmentation failed');
      return segment.call(this, input);
    };
  });
  await seedConnection(page, uniqueUserId());
  await page.goto('/settings');
  await page.evaluate((draft) => localStorage.setItem('console.speech.draft', JSON.stringify({ sourceText: draft })), DRAFT);
  await page.goto('/speech');

  const notice = page.getByRole('alert').filter({ hasText: 'The speech draft made this page fail, so it was set aside' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Word segmentation failed');
  await expect(page.getByRole('alert').filter({ hasText: 'stopped working' })).toHaveCount(0);
  const text = page.getByLabel('Text to synthesize');
  await expect(text).toHaveValue('');
  await text.fill('Hello there.');
  await expect(page.getByText(/^12 \/ 100,000 characters/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();

  // Kept for export: the whole draft, as it was stored.
  const download = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Download' }).click();
  const { readFile } = await import('node:fs/promises');
  expect(JSON.parse(await readFile((await (await download).path())!, 'utf8'))).toMatchObject({ sourceText: DRAFT });

  await page.reload();
  await expect(text).toHaveValue('Hello there.');
  await expect(notice).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'stopped working' })).toHaveCount(0);
});
