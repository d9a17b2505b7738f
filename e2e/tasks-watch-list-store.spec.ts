import { expect, test, type Page } from '@playwright/test';
import { createTasks, seedConsole, uniqueUserId } from './tasks-helpers';

// The watch list in IndexedDB (src/features/tasks/watch-list/watch-list-db.ts): pieces of at most 5,000 IDs under
// [scope, i] and a head { pieces, version } under the scope; lists kept in the older one-piece form still load.
const scopeOf = (user: string) => ['/api', user].join('\u0000');

function readStore(page: Page, scope: string) {
  return page.evaluate(
    (key) =>
      new Promise<{ head: unknown; first: unknown; second: unknown }>((resolve, reject) => {
        const open = indexedDB.open('console.tasks.watch-lists', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('lists').objectStore('lists');
          const head = store.get(key);
          const first = store.get([key, 0]);
          const second = store.get([key, 1]);
          store.transaction.oncomplete = () => {
            open.result.close();
            resolve({ head: head.result, first: first.result, second: second.result });
          };
        };
      }),
    scope,
  );
}

test('a list stored in one piece loads, and is kept in pieces from then on', async ({ page, request }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 3, 120_000);
  await seedConsole(page, user);
  await page.goto('/robots.txt');
  await page.evaluate(
    ([key, list]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('console.tasks.watch-lists', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('lists');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('lists', 'readwrite');
          // The older form, with a duplicate and something that is not a task ID.
          tx.objectStore('lists').put([...list, list[0], 'not-an-id', 42], key);
          tx.oncomplete = () => (open.result.close(), resolve());
        };
      }),
    [scopeOf(user), ids] as const,
  );
  await page.goto('/tasks');
  await expect(page.getByRole('progressbar', { name: /^Progress of / })).toHaveCount(3);
  await expect.poll(async () => (await readStore(page, scopeOf(user))).head).toEqual({ pieces: 1, version: expect.any(Number) });
  expect((await readStore(page, scopeOf(user))).first).toEqual(ids);
  await page.reload();
  await expect(page.getByRole('progressbar', { name: /^Progress of / })).toHaveCount(3);
});

test('a list of 7,000 IDs is stored as two pieces and loads whole', async ({ page, request }) => {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, 1, 120_000);
  const many = [...ids, ...Array.from({ length: 6_999 }, (_, i) => `Service_AI_gone_${i}`)];
  await seedConsole(page, user);
  await page.goto('/tasks');
  await page
    .getByLabel('Import from file…')
    .setInputFiles({ name: 'many.txt', mimeType: 'text/plain', buffer: Buffer.from(many.join('\n')) });
  await expect(page.getByText('of 7,000 finished')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await readStore(page, scopeOf(user))).head).toEqual({ pieces: 2, version: expect.any(Number) });
  expect(((await readStore(page, scopeOf(user))).second as string[]).length).toBe(2_000);
  await page.reload();
  await expect(page.getByText('of 7,000 finished')).toBeVisible({ timeout: 30_000 });
});
