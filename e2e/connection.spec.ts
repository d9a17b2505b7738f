import { expect, test } from '@playwright/test';
import { consoleInfo, indicatorState, recordRequestUrls, storageDump, useLocalGateway } from './connection-helpers';

test.describe('connection settings against the embedded gateway', () => {
  test('a new user clicks "Use the local gateway" and the indicator turns Reachable', async ({ page, request }) => {
    const info = await consoleInfo(request);
    test.skip(info.mode !== 'embedded', 'needs the embedded gateway');
    await page.goto('/tasks');
    await expect(indicatorState(page)).toHaveText('Not set up');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Connection/ })
      .click();
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByRole('button', { name: 'Use the local gateway' }).click();
    await expect(indicatorState(page)).toHaveText('Reachable');
    await expect(page.getByLabel('Gateway URL')).toHaveValue('/api');
    await expect(page.getByLabel('User ID')).toHaveValue(info.defaultUserId);
    await expect(page.getByRole('banner')).toContainText(`user ${info.defaultUserId}`);
  });

  test('a new user on the Tasks page connects from the setup notice in one click', async ({ page, request }) => {
    const info = await consoleInfo(request);
    test.skip(info.mode !== 'embedded', 'needs the embedded gateway');
    await page.goto('/tasks');
    const notice = page.getByRole('region', { name: 'Connection setup' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Use the local gateway' }).click();
    await expect(indicatorState(page)).toHaveText('Reachable');
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole('banner')).toContainText(`user ${info.defaultUserId}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Speech' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Speech studio' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Connection setup' })).toHaveCount(0);
  });

  test('a wrong token is reported as rejected, and only the tested draft is affected', async ({ page }) => {
    const urls = recordRequestUrls(page);
    await useLocalGateway(page);
    await page.getByLabel('Token', { exact: true }).fill('wrong-token-e2e');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Token rejected' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('code 401');
    await expect(indicatorState(page)).toHaveText('Reachable');
    expect(urls.filter((u) => u.includes('wrong-token-e2e'))).toEqual([]);
  });

  test('a non-numeric user ID is reported by the form and by the gateway, and never saved', async ({ page }) => {
    await useLocalGateway(page);
    const userId = page.getByLabel('User ID');
    const saved = await userId.inputValue();
    await userId.fill('12ab');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'User ID must contain digits only' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid parameter: X-User-Id' })).toContainText('code 2001');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(userId).toHaveAttribute('aria-invalid', 'true');
    await page.reload();
    await expect(page.getByLabel('User ID')).toHaveValue(saved);
  });

  test('a missing user ID gets the gateway’s 2000', async ({ page }) => {
    await useLocalGateway(page);
    await page.getByLabel('User ID').fill('');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Missing parameter: X-User-Id' })).toContainText('code 2000');
  });

  test('the token stays out of localStorage unless "remember" is ticked, and out of every URL', async ({ page, request }) => {
    const { defaultToken } = await consoleInfo(request);
    test.skip(!defaultToken, 'needs a default token');
    const urls = recordRequestUrls(page);
    await useLocalGateway(page);
    // The local gateway's token is a dev token: "Use the local gateway" remembers it on this device.
    await expect(page.getByLabel('Remember on this device')).toBeChecked();
    let storage = await storageDump(page);
    expect(storage.local).toContain(defaultToken);

    await page.getByLabel('Remember on this device').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    storage = await storageDump(page);
    expect(storage.local).not.toContain(defaultToken);
    expect(storage.session).toContain(defaultToken);
    await page.reload();
    await expect(indicatorState(page)).toHaveText('Reachable');

    await page.getByLabel('Remember on this device').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('Remember on this device')).toBeChecked();
    storage = await storageDump(page);
    expect(storage.local).toContain(defaultToken);

    await page.getByLabel('Remember on this device').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('Remember on this device')).not.toBeChecked();
    storage = await storageDump(page);
    expect(storage.local).not.toContain(defaultToken);
    expect(urls.length).toBeGreaterThan(3);
    expect(urls.filter((u) => u.includes(defaultToken!))).toEqual([]);
  });

  test('the token is masked until shown', async ({ page }) => {
    await useLocalGateway(page);
    const token = page.getByLabel('Token', { exact: true });
    await expect(token).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show token' }).click();
    await expect(token).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide token' }).click();
    await expect(token).toHaveAttribute('type', 'password');
  });
});
