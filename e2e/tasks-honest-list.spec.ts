import { expect, test, type Page } from '@playwright/test';
import { consoleInfo } from './connection-helpers';
import { uniqueUserId } from './tasks-helpers';

/** A share link as the console makes it: IDs newline-joined, deflate-raw, base64url, in the fragment. */
async function shareLinkOf(page: Page, ids: readonly string[]): Promise<string> {
  return page.evaluate(async (list) => {
    const stream = new Blob([list.join('\n')]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return `/tasks#ids=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
  }, ids);
}

const watchListHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Watch list/ });

test('a share link opened before setup keeps its IDs: they move into the profile set up next, and stay after a reload', async ({
  page,
  request,
}) => {
  const info = await consoleInfo(request);
  test.skip(info.mode !== 'embedded', 'needs the embedded gateway');
  const tag = uniqueUserId();
  const ids = Array.from({ length: 30 }, (_, i) => `Service_AI_before_setup_${tag}_${i}`);
  await page.goto('/settings');
  const link = await shareLinkOf(page, ids);
  await page.goto(link);
  await expect(page.getByText('Opened a shared list: added 30 tasks')).toBeVisible();
  await expect(watchListHeading(page)).toContainText('(30)');

  const notice = page.getByRole('alert').filter({ hasText: 'No user ID is set' });
  await notice.getByRole('button', { name: 'Use the local gateway' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByText('Moved 30 tasks watched before setup into this profile’s watch list')).toBeVisible();
  await expect(watchListHeading(page)).toContainText('(30)');
  await expect(page.getByRole('button', { name: ids[0], exact: true })).toBeVisible();

  await page.reload();
  await expect(watchListHeading(page)).toContainText('(30)');
  // Opened again, the link says what is true of the list on screen.
  await page.goto('/settings');
  await page.goto(link);
  await expect(page.getByText('Opened a shared list: added 0 tasks, 30 already watched')).toBeVisible();
  await expect(watchListHeading(page)).toContainText('(30)');
});
