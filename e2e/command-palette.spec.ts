import { expect, test, type Page } from '@playwright/test';
import { createTasks, endTasks, pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';
import { fillAndSynthesize, openStudio, resultAudio } from './speech-helpers';
import { STAND_IN_ENGINE } from './speech-engine';
import { expectAxeClean } from './axe';

// "Play the last take" replays a take from history: the stand-in engine made it (docs/performance.md).
test.use(STAND_IN_ENGINE);

const palette = (page: Page, name = 'Command palette') => page.getByRole('dialog', { name });
const sheet = (page: Page, name = 'Keyboard shortcuts') => page.getByRole('dialog', { name });

/** Opens the palette, types, and runs the option named `option` with the arrow keys and Enter. */
async function runCommand(page: Page, typed: string, option: string | RegExp): Promise<void> {
  await page.keyboard.press('Control+K');
  const box = palette(page).getByRole('combobox');
  await expect(box).toBeFocused();
  await box.fill(typed);
  const target = palette(page).getByRole('option', { name: option });
  await expect(target).toBeVisible();
  // Down until the wanted option is the active one (at most once round the list).
  const count = await palette(page).getByRole('option').count();
  for (let i = 0; i <= count && (await target.getAttribute('aria-selected')) !== 'true'; i++) await box.press('ArrowDown');
  await expect(target).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await target.getAttribute('id'))!);
  await box.press('Enter');
  await expect(palette(page)).toHaveCount(0);
}

test('Ctrl+K opens a combobox dialog that filters as you type, moves with the arrows, runs with Enter and gives focus back', async ({
  page,
}) => {
  await seedConsole(page, uniqueUserId());
  await page.goto('/tasks');
  const field = page.getByLabel('Task IDs');
  await field.fill('Service_AI_abc');
  // Ctrl+K works from a text field and types nothing there.
  await field.press('Control+K');
  const box = palette(page).getByRole('combobox', { name: 'Command, page, view or task ID' });
  await expect(box).toBeFocused();
  await expect(palette(page)).toHaveAttribute('aria-modal', 'true');
  await expect(palette(page).getByRole('listbox', { name: 'Commands' })).toBeVisible();
  await expect(palette(page).getByRole('group', { name: 'Pages' }).getByRole('option')).toHaveText(['Go to Speech', 'Go to Settings']);
  await expectAxeClean(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAxeClean(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // Tab stays in the dialog; Escape closes it and focus is back in the field, its text untouched.
  await box.press('Tab');
  await expect(box).toBeFocused();
  await box.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Service_AI_abc');

  // Typing filters: only matching commands are left; the arrows move the active option.
  await page.getByRole('heading', { name: 'Tasks', level: 1 }).click();
  await page.keyboard.press('Control+K');
  await box.fill('spe');
  await expect(palette(page).getByRole('option', { name: 'Go to Speech' })).toBeVisible();
  await expect(palette(page).getByRole('option', { name: 'Go to Settings' })).toHaveCount(0);
  await expect(palette(page).getByRole('status')).toHaveText(/\d+ commands?/);
  await box.fill('');
  await expect(palette(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await expect(palette(page).getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await box.press('ArrowUp');
  await expect(palette(page).getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');

  await runCommand(page, 'go spe', 'Go to Speech');
  await expect(page).toHaveURL(/\/speech$/);
  await expect(page.getByRole('heading', { name: 'Speech studio', level: 1 })).toBeVisible();

  // New synthesis: back on the Speech page with its text field focused.
  await page.getByRole('link', { name: 'Tasks' }).click();
  await runCommand(page, 'new synth', 'New synthesis');
  await expect(page).toHaveURL(/\/speech$/);
  await expect(page.getByLabel('Text to synthesize')).toBeFocused();

  // Switch language: the page speaks Chinese at once.
  await runCommand(page, '简体', 'Switch language to 简体中文');
  await expect(page.getByRole('heading', { name: '语音工作室', level: 1 })).toBeVisible();
});

test('on the Speech page, "Play the last take" replays the newest take from history', async ({ page }) => {
  test.setTimeout(60_000);
  await openStudio(page);
  await fillAndSynthesize(page, { text: 'The palette plays this take again.' });
  await expect(page.getByRole('region', { name: 'Result' }).getByText(/^Service_AI/)).toBeVisible({ timeout: 20_000 });
  // The take is kept once its history entry stops saying "saving…" (a reload before then lost it on a loaded CI run).
  const history = page.getByRole('region', { name: 'History', exact: true });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByText('saving…')).toHaveCount(0, { timeout: 15_000 });
  // After a reload the result panel is empty: the take is only in history, listed once it is read back (the palette asks
  // its sources as it opens, so a palette opened before that rightly offers nothing to play; once on a loaded CI run).
  await page.reload();
  await expect(resultAudio(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History', exact: true }).getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Speech studio', level: 1 }).click();
  await runCommand(page, 'play', 'Play the last take');
  await expect.poll(() => resultAudio(page).evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
});

test('a typed task ID opens its details; Refresh now and Pause/Resume checking act on the page; add IDs and import are there', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  const [id] = await createTasks(request, user, 1, 600_000, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, id!);
  const list = page.getByRole('region', { name: 'Watch list' });
  // Seen live (a 10-minute life is in its first phase for 30 s).
  await expect(list.getByText('Created', { exact: true })).toBeVisible();

  // Pause: the interval says Off, and the task's end (the emulator ends it now) is not seen until Refresh now.
  await runCommand(page, 'pause', 'Pause checking');
  await expect(page.getByLabel('Check every')).toHaveValue('0');
  await endTasks(request, user, [id!]);
  const res = await request.post('/api/textRemoval/taskStatus', { headers: { 'X-User-Id': user }, data: { taskIds: [id] } });
  expect(((await res.json()) as { data: { taskStatus: number }[] }).data[0]?.taskStatus).toBe(4);
  // Over two 2 s intervals with the end there to see: a poller still running would have shown it.
  await page.waitForTimeout(4_500);
  await expect(list.getByText('Finished', { exact: true })).toHaveCount(0);
  await runCommand(page, 'refresh', 'Refresh now');
  await expect(list.getByText('Finished', { exact: true })).toBeVisible();
  // Paused, the palette offers Resume (not Pause); it brings back the interval that was paused.
  await page.keyboard.press('Control+K');
  await palette(page).getByRole('combobox').fill('checking');
  await expect(palette(page).getByRole('option', { name: 'Pause checking' })).toHaveCount(0);
  await palette(page).getByRole('combobox').press('Escape');
  await runCommand(page, 'resume', 'Resume checking');
  await expect(page.getByLabel('Check every')).toHaveValue('2000');

  // A task ID typed: "Open task <id>" opens the details dialog at /tasks/<id>.
  await runCommand(page, id!, `Open task ${id}`);
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`));
  await expect(page.getByRole('dialog', { name: id })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/tasks$/);

  // Add IDs focuses the field; Import opens the file chooser; the export of the shown rows downloads them.
  await runCommand(page, 'add task', 'Add task IDs');
  await expect(page.getByLabel('Task IDs')).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await runCommand(page, 'import', 'Import IDs from a file');
  await chooser;
  const download = page.waitForEvent('download');
  await runCommand(page, 'export csv', 'Export the shown rows (CSV)');
  expect((await download).suggestedFilename()).toMatch(/^tasks-.*\.csv$/);

  // Copy the share link: the same link and words as the page's button.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await runCommand(page, 'share link', 'Copy the share link');
  await expect(page.getByRole('status').filter({ hasText: 'Copied a link to 1 task' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/tasks#ids=/);
});

test('a saved view of the active profile opens from the palette: its query (and sort) become the list query, on the Tasks page', async ({
  page,
}) => {
  const user = uniqueUserId();
  await seedConsole(page, user);
  await page.goto('/speech');
  // Stored as stores/saved-views.ts stores a view (same database, store, key and index), for this profile's scope.
  await page.evaluate(
    ([scope]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('console.tasks.saved-views', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('views', { keyPath: ['scope', 'id'] }).createIndex('scope', 'scope');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('views', 'readwrite');
          tx.objectStore('views').put({
            scope,
            id: 'v1',
            name: '3002 last hour',
            query: 'status:failed code:3002 updated:<1h',
            sort: { key: 'updated', descending: true },
            openParts: [],
            order: 0,
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
    [`/api\u0000${user}`],
  );
  await page.keyboard.press('Control+K');
  await expect(palette(page).getByRole('group', { name: 'Saved views' }).getByRole('option')).toHaveText(['Open view: 3002 last hour']);
  await palette(page).getByRole('combobox').press('Escape');
  await runCommand(page, '3002', 'Open view: 3002 last hour');
  await expect(page).toHaveURL(/\/tasks(\?.*)?$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('console.tasks.query') ?? 'null') as unknown)).toBe(
    'status:failed code:3002 updated:<1h sort:updated-desc',
  );
});

test('? opens the shortcut sheet (not from a text field); each shortcut can be turned off, and stays off after a reload', async ({
  page,
}) => {
  await seedConsole(page, uniqueUserId());
  await page.goto('/tasks');
  const heading = page.getByRole('heading', { name: 'Tasks', level: 1 });
  await heading.click();
  await page.keyboard.press('?');
  await expect(sheet(page)).toBeVisible();
  await expect(sheet(page).getByRole('row', { name: /Open the command palette/ })).toContainText('CtrlK');
  await expect(sheet(page).getByRole('row', { name: /Show this list/ })).toContainText('?');
  await expectAxeClean(page);
  // Tab goes round the sheet's own controls.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  expect(await sheet(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toHaveCount(0);

  // Typed in a field, ? is a character.
  const field = page.getByLabel('Task IDs');
  await field.pressSequentially('a?b');
  await expect(field).toHaveValue('a?b');
  await expect(sheet(page)).toHaveCount(0);

  // Turn Ctrl+K off: it no longer opens the palette (the ? pressed after it shows the keys were read).
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await sheet(page).getByRole('checkbox', { name: 'Open the command palette: on' }).uncheck();
  await sheet(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Shortcuts' })).toBeFocused();
  await page.keyboard.press('Control+K');
  await page.keyboard.press('?');
  await expect(sheet(page)).toBeVisible();
  await expect(palette(page)).toHaveCount(0);

  // Still off after a reload; then ? off and Ctrl+K on again.
  await page.reload();
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await expect(sheet(page).getByRole('checkbox', { name: 'Open the command palette: on' })).not.toBeChecked();
  await sheet(page).getByRole('checkbox', { name: 'Open the command palette: on' }).check();
  await sheet(page).getByRole('checkbox', { name: 'Show this list of shortcuts: on' }).uncheck();
  await page.keyboard.press('Escape');
  await heading.click();
  await page.keyboard.press('?');
  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeVisible();
  await expect(sheet(page)).toHaveCount(0);
  // The palette still offers the sheet.
  await palette(page).getByRole('combobox').fill('shortcuts');
  await palette(page).getByRole('combobox').press('Enter');
  await expect(sheet(page)).toBeVisible();
});

test('in Chinese: the palette, its commands and the sheet speak zh-CN, axe-clean', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await seedConsole(page, uniqueUserId());
  await page.goto('/tasks');
  await page.getByRole('heading', { name: '任务', level: 1 }).click();
  await page.keyboard.press('Control+K');
  const box = palette(page, '命令面板').getByRole('combobox', { name: '命令、页面、视图或任务 ID' });
  await expect(box).toBeFocused();
  await expect(palette(page, '命令面板').getByRole('group', { name: '页面' }).getByRole('option')).toHaveText(['前往语音', '前往设置']);
  await expect(palette(page, '命令面板').getByRole('option', { name: '暂停检查' })).toBeVisible();
  await expectAxeClean(page);
  await box.fill('语音');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/speech$/);
  await page.getByRole('heading', { name: '语音工作室', level: 1 }).click();
  await page.keyboard.press('?');
  await expect(sheet(page, '快捷键')).toBeVisible();
  await expect(sheet(page, '快捷键').getByRole('checkbox', { name: '打开命令面板：开启' })).toBeChecked();
  await context.close();
});

test('a command that fails says so in an alert, in the operator’s language, and Dismiss takes it away', async ({ page, request }) => {
  const user = uniqueUserId();
  const [id] = await createTasks(request, user, 1, 60_000);
  await seedConsole(page, user);
  // The code "Refresh now" loads on first use cannot be fetched (a deploy replaced it, the network went).
  await page.route('**/assets/check-now-*.js', (route) => route.abort());
  await page.goto('/tasks');
  await pasteIds(page, id!);
  await runCommand(page, 'refresh', 'Refresh now');
  const alert = page.getByRole('alert').filter({ hasText: '“Refresh now” did not work' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Reload the page.');
  await expect(alert).toBeInViewport();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);

  await page.getByLabel('Language').selectOption('zh-CN');
  await page.keyboard.press('Control+K');
  await page.keyboard.type('立即刷新');
  await expect(palette(page, '命令面板').getByRole('option').first()).toHaveText('立即刷新');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '“立即刷新”未能完成' })).toBeVisible();
});
