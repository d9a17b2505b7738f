import { expect, test } from '@playwright/test';
import { createTasks, pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';

// Under a C/POSIX locale WebKit reports the browser's language as "C", which is no BCP 47 tag:
// the chart library took it as it came and the whole Tasks page fell ("invalid language tag: C").
// Every report a browser or a system setting can give: not a tag (C, POSIX), a POSIX locale name,
// nothing at all, a language no one knows.
const REPORTS = [
  { name: '"C"', language: 'C', languages: ['C'] },
  { name: '"POSIX"', language: 'POSIX', languages: ['POSIX'] },
  { name: '"en_US.UTF-8"', language: 'en_US.UTF-8', languages: ['en_US.UTF-8'] },
  { name: 'an empty list', language: '', languages: [] },
  { name: 'an unknown language', language: 'xx', languages: ['xx'] },
];

for (const { name, language, languages } of REPORTS) {
  test(`with the browser language reported as ${name}, the Tasks page shows watched tasks and draws its charts`, async ({
    page,
    request,
  }) => {
    await page.addInitScript(
      ([lang, langs]) => {
        Object.defineProperty(Navigator.prototype, 'language', { configurable: true, get: () => lang });
        Object.defineProperty(Navigator.prototype, 'languages', { configurable: true, get: () => langs });
      },
      [language, languages] as const,
    );
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const user = uniqueUserId();
    const ids = await createTasks(request, user, 3, 600, 'finished');
    await seedConsole(page, user);
    await page.goto('/tasks');
    await pasteIds(page, ids.join('\n'));

    await expect(page.getByText('3 of 3 finished')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('img', { name: /^Tasks by status over time/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Finished and failed per minute/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
