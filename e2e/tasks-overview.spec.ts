import { expect, test, type Page } from '@playwright/test';
import { createTasks, endTasks, pasteIds, seedConsole, uniqueUserId, pollInDedicatedWorker } from './tasks-helpers';
import { expectAxeClean } from './axe';
import { storedLastStatus } from './stored-task-history';

const flowChart = (page: Page) => page.getByRole('img', { name: /^Tasks by status over time/ });
const throughputChart = (page: Page) => page.getByRole('img', { name: /^Finished and failed per minute/ });

type StatusItem = { taskId: string; taskStatus: number; errorCode: number | null };

test('the overview charts change as tasks move, and the failures table matches the gateway per error code', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = uniqueUserId();
  // Long lives (the emulator aborts from 10% of a task's life): the first check (after the paste, the board's first
  // render and the overview's chunk) sees every task live, then the emulator ends them all at once.
  const ids = [
    ...(await createTasks(request, user, 6, 600_000, 'finished')),
    ...(await createTasks(request, user, 8, 600_000, 'failed')),
    ...(await createTasks(request, user, 3, 600_000, 'aborted')),
  ];
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, ids.join('\n'));

  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
  await expect(flowChart(page)).toBeVisible();
  await expect(throughputChart(page)).toHaveAccessibleName(/no task has finished, failed or been aborted yet/);
  // The first check has seen all 17 (10 minutes' lives: all are still in their first phase).
  await expect(page.getByRole('button', { name: 'Created 17' })).toBeVisible();
  const early = await flowChart(page).getAttribute('aria-label');

  expect(await endTasks(request, user, ids)).toHaveLength(17);
  await expect(page.getByText('6 of 17 finished · 8 failed · 3 aborted')).toBeVisible({ timeout: 15_000 });
  await expect(flowChart(page)).toHaveAccessibleName(/now 6 finished, 8 failed, 3 aborted$/);
  expect(await flowChart(page).getAttribute('aria-label')).not.toBe(early);
  // Counted when seen ending: every task was seen live first.
  await expect(throughputChart(page)).toHaveAccessibleName(/6 finished, 8 failed, 3 aborted/);
  await expect(page.getByText(/No live tasks: the batch is done/)).toBeVisible();

  // What the gateway says, grouped by errorCode, is what the table shows.
  const res = await request.post('/api/textRemoval/taskStatus', { headers: { 'X-User-Id': user }, data: { taskIds: ids } });
  const items = ((await res.json()) as { data: StatusItem[] }).data.filter((i) => i.taskStatus === 5 || i.taskStatus === 6);
  const expected = new Map<number, number>();
  for (const i of items) expected.set(i.errorCode ?? 0, (expected.get(i.errorCode ?? 0) ?? 0) + 1);
  const table = page.getByRole('table', { name: 'Failures by error code' });
  await expect(table.getByRole('row')).toHaveCount(expected.size + 1);
  for (const [code, count] of expected) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(code), exact: true }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(String(count));
    await expect(row.getByRole('button', { name: `Copy IDs of tasks with error code ${code}` })).toBeVisible();
  }
  await expect(table.getByRole('row').filter({ hasText: '3100' })).toContainText('aborted by operator');
});

test('a task ID opens its details; /tasks/<id> shows the observed timeline after a reload; Escape and Back close it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  const [id] = await createTasks(request, user, 1, 600_000, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, id!);
  // Seen live, then ended by the emulator: the timeline has both.
  await expect(page.getByRole('progressbar', { name: `Progress of ${id}` })).toBeVisible();
  await expect(page.getByText('0 of 1 finished')).toBeVisible();
  await endTasks(request, user, [id!]);
  await expect(page.getByText('1 of 1 finished')).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: id!, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: id! });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`));
  const timeline = dialog.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline.last()).toContainText('Finished');
  const observed = await timeline.allTextContents();
  expect(observed.length).toBeGreaterThanOrEqual(2);
  await expect(dialog.getByRole('img', { name: /^Progress over time/ })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Last raw answer' })).toContainText(`"taskId": "${id}"`);
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/tasks$/);

  // Let the batched write land, then come back by the shareable URL.
  await expect.poll(() => storedLastStatus(page, id!)).toBe(4);
  await page.goto(`/tasks/${id}`);
  await expect(dialog).toBeVisible();
  await expect(timeline).toHaveText(observed.map((t) => new RegExp(`^${t.split(' (')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: id!, exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/tasks$/);
});

test('a reload keeps the change feed and a stalled flag (no minute of waiting again)', async ({ page }) => {
  test.setTimeout(60_000);
  const id = `Service_AI_stuck_${uniqueUserId()}`;
  let answers = 0;
  // The stall flag is judged on the page's clock (changedAt and now are both page time), so the page clock jumps the
  // minute instead of the test waiting it: 60 s is the smallest "stalled after" choice. Playwright replays the jump
  // after the reload, so the page's time stays a minute ahead of the stored history's.
  await page.clock.install();
  // A gateway whose task queues, then runs and never moves again (page.route: the poller in a dedicated worker).
  await pollInDedicatedWorker(page);
  await page.route('**/api/textRemoval/taskStatus', async (route) => {
    const { taskIds } = route.request().postDataJSON() as { taskIds: string[] };
    const running = taskIds.includes(id) && answers++ > 0;
    const data = taskIds
      .filter((t) => t === id)
      .map((taskId) => ({
        taskId,
        taskStatus: running ? 3 : 2,
        taskProgress: running ? 40 : 0,
        errorCode: 0,
        targetVideoUrl: null,
        updateTime: 1,
      }));
    await route.fulfill({ json: { code: 0, message: 'OK', data } });
  });
  await seedConsole(page, uniqueUserId());
  await page.addInitScript(() => localStorage.setItem('console.tasks.settings', JSON.stringify({ intervalMs: 2_000, stallMs: 60_000 })));
  await page.goto('/tasks');
  await pasteIds(page, id);
  const feed = page.getByRole('region', { name: 'Recent changes' });
  await expect(feed).toContainText(`${id} Queued → Running`, { timeout: 15_000 });
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('Running');
  await expect(row.getByText('Stalled', { exact: true })).toHaveCount(0);
  await page.clock.fastForward('01:01');
  await expect(row.getByText('Stalled', { exact: true })).toBeVisible();
  // Its ETA does not count down on a rate it no longer has.
  await expect(row.getByText('stalled — no estimate')).toBeVisible();

  await expect.poll(() => storedLastStatus(page, id)).toBe(3);
  await page.reload();
  await expect(feed).toContainText(`${id} Queued → Running`);
  // Without the stored history the flag would take another full minute (of the page's clock, which runs in real time).
  await expect(row.getByText('Stalled', { exact: true })).toBeVisible({ timeout: 15_000 });
});
