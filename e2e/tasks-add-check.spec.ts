import { expect, test } from '@playwright/test';
import { createTasks, pasteIds, recordStatusCalls, seedConsole, uniqueUserId } from './tasks-helpers';

// Finding 12e: adding IDs used to check the new IDs and then poll every live task again about 160 ms later.
test('adding IDs checks only the new IDs; the live ones stay on their own schedule', async ({ page, request }) => {
  test.setTimeout(60_000);
  const user = uniqueUserId();
  const first = await createTasks(request, user, 5, 600_000);
  const added = await createTasks(request, user, 2, 600_000);
  // A 10 s interval: the old IDs are not due again for a while after the add.
  await seedConsole(page, user, 10_000);
  const calls = await recordStatusCalls(page);
  await page.goto('/tasks');
  await pasteIds(page, first.join(' '));
  await expect.poll(() => calls.some((c) => c.ids.includes(first[0]!))).toBe(true);
  const firstCheckAt = calls.find((c) => c.ids.includes(first[0]!))!.at;
  const before = calls.length;

  await pasteIds(page, added.join(' '));
  await expect(page.getByRole('progressbar', { name: `Progress of ${added[0]}` })).toBeVisible();
  expect(Date.now() - firstCheckAt).toBeLessThan(9_000);

  // Wait for the next check of the old IDs: the extra full cycle the add used to start (~160 ms after the
  // add-check), or the regular one at the interval.
  const checksAllFirst = (c: { ids: string[] }) => first.every((id) => c.ids.includes(id));
  await expect.poll(() => calls.slice(before).some(checksAllFirst), { timeout: 15_000 }).toBe(true);
  const afterAdd = calls.slice(before);
  const next = afterAdd.findIndex(checksAllFirst);
  // Only the add-check went out before it, and it is the regular one: the interval after the first check.
  expect(afterAdd.slice(0, next).map((c) => [...c.ids].sort())).toEqual([[...added].sort()]);
  expect(afterAdd[next]!.at - firstCheckAt).toBeGreaterThanOrEqual(9_000);
});
