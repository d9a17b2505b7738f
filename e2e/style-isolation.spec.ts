import { expect, test, type Locator, type Page } from '@playwright/test';
import { seedConnection, uniqueUserId } from './speech-helpers';

type Pick = 'parent' | 'description';

/** The layout-relevant styles of the element next to a labelled control (its box, or its hint), as rendered. */
async function layout(control: Locator, pick: Pick): Promise<Record<string, string>> {
  return control.evaluate((node, which) => {
    const el = which === 'parent' ? node.parentElement : document.getElementById(node.getAttribute('aria-describedby') ?? '');
    if (!el) throw new Error(`no ${which} element`);
    const s = getComputedStyle(el);
    return { margin: s.margin, gap: s.gap, fontSize: s.fontSize, fontWeight: s.fontWeight, display: s.display };
  }, pick);
}

// A field's box, the form's button row and a tasks hint: what speech.css used to restyle globally.
const settingsLayout = async (page: Page) => [
  await layout(page.getByLabel('Profile name'), 'parent'),
  await layout(page.getByRole('button', { name: /Save (profile|changes)/ }), 'parent'),
];
const tasksLayout = (page: Page) => layout(page.getByLabel('Task IDs'), 'description');

test('visiting Speech restyles neither Settings nor Tasks', async ({ page }) => {
  await seedConnection(page, uniqueUserId());
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/settings');
  await expect(page.getByLabel('Profile name')).toBeVisible();
  const settingsBefore = await settingsLayout(page);
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByLabel('Task IDs')).toBeVisible();
  const tasksBefore = await tasksLayout(page);

  // Client-side navigation: the speech chunk's CSS stays in the document afterwards.
  await nav.getByRole('link', { name: 'Speech' }).click();
  await expect(page.getByRole('heading', { name: 'Speech studio' })).toBeVisible();

  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByLabel('Task IDs')).toBeVisible();
  expect(await tasksLayout(page)).toEqual(tasksBefore);
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Profile name')).toBeVisible();
  expect(await settingsLayout(page)).toEqual(settingsBefore);
});
