import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createTasks, pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';

// Two pages of one browser context are two tabs of one profile: they share the watch list in IndexedDB.
const bars = (page: Page) => page.getByRole('progressbar', { name: /^Progress of / });
const bar = (page: Page, id: string) => page.getByRole('progressbar', { name: `Progress of ${id}` });

async function openTab(page: Page, user: string, hearsOtherTabs = true): Promise<Page> {
  await seedConsole(page, user);
  // A tab that never hears the others (as if their signal were lost): only the stored list can merge.
  if (!hearsOtherTabs) await page.addInitScript(() => void Reflect.deleteProperty(window, 'BroadcastChannel'));
  await page.goto('/tasks');
  await expect(page.getByLabel('Task IDs')).toBeVisible();
  return page;
}

async function expectWatched(page: Page, ids: readonly string[], gone: readonly string[] = []): Promise<void> {
  await expect(bars(page)).toHaveCount(ids.length);
  for (const id of ids) await expect(bar(page, id)).toBeVisible();
  for (const id of gone) await expect(bar(page, id)).toHaveCount(0);
}

/** Two tabs of one new user, and two batches of that user's tasks (3, then 2), none watched yet. */
async function twoTabsWithTasks(page: Page, request: APIRequestContext) {
  const user = uniqueUserId();
  const first = await createTasks(request, user, 3, 120_000);
  const second = await createTasks(request, user, 2, 120_000);
  const one = await openTab(page, user);
  const two = await openTab(await page.context().newPage(), user);
  return { first, second, one, two };
}

test('an addition in one tab shows in the other at once, and both tabs keep each other’s additions', async ({ page, request }) => {
  const { first, second, one, two } = await twoTabsWithTasks(page, request);

  await pasteIds(one, first.join('\n'));
  await expectWatched(one, first);
  await expectWatched(two, first);

  await pasteIds(two, second.join('\n'));
  await expectWatched(two, [...first, ...second]);
  await expectWatched(one, [...first, ...second]);
  for (const tab of [one, two]) {
    await tab.reload();
    await expectWatched(tab, [...first, ...second]);
  }
});

test('a removal in one tab removes in the other, and the other tab’s next addition does not bring it back', async ({ page, request }) => {
  const { first, second, one, two } = await twoTabsWithTasks(page, request);
  await pasteIds(one, first.join('\n'));
  await expectWatched(two, first);

  await two.getByRole('button', { name: `Remove ${first[0]}` }).click();
  const kept = [...first.slice(1), ...second];
  await expectWatched(one, first.slice(1), [first[0]!]);
  await pasteIds(one, second.join('\n'));
  await expectWatched(one, kept, [first[0]!]);
  await expectWatched(two, kept, [first[0]!]);
  await two.reload();
  await expectWatched(two, kept, [first[0]!]);
});

test('a tab that hears nothing from the others still merges: its stale list neither drops their additions nor brings back their removals', async ({
  page,
  request,
}) => {
  const user = uniqueUserId();
  const first = await createTasks(request, user, 3, 120_000);
  const second = await createTasks(request, user, 2, 120_000);
  const third = await createTasks(request, user, 1, 120_000);
  const deaf = await openTab(page, user, false);
  await pasteIds(deaf, first.join('\n'));
  await expectWatched(deaf, first);

  const other = await openTab(await page.context().newPage(), user);
  await expectWatched(other, first);
  await other.getByRole('button', { name: `Remove ${first[0]}` }).click();
  await pasteIds(other, second.join('\n'));
  await expectWatched(other, [...first.slice(1), ...second], [first[0]!]);

  // Still its old list on screen; its next addition is merged into the stored list, which it then shows.
  await expectWatched(deaf, first);
  await pasteIds(deaf, third.join('\n'));
  const union = [...first.slice(1), ...second, ...third];
  await expectWatched(deaf, union, [first[0]!]);
  for (const tab of [deaf, other]) {
    await tab.reload();
    await expectWatched(tab, union, [first[0]!]);
  }
});
