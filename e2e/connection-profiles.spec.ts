import { expect, test } from '@playwright/test';
import { indicatorState, useLocalGateway } from './connection-helpers';

test('profiles: add, rename, switch and delete; the indicator follows the active one', async ({ page }) => {
  await useLocalGateway(page);
  await page.getByRole('button', { name: 'Add profile' }).click();
  await expect(page.getByRole('heading', { name: 'New profile' })).toBeVisible();
  await page.getByLabel('Profile name').fill('Staging');
  await page.getByLabel('Gateway URL').fill('http://127.0.0.1:9/gw');
  await page.getByLabel('User ID').fill('9223372036854775807');
  await page.getByRole('button', { name: 'Save profile' }).click();

  // Saving says so and does not switch: the new profile is chosen on purpose.
  await expect(page.getByRole('status').filter({ hasText: 'Saved the new profile “Staging”. It is not active' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Local' })).toBeChecked();
  await page.getByRole('radio', { name: 'Staging' }).check();
  const banner = page.getByRole('banner');
  await expect(page.getByRole('radio', { name: 'Staging' })).toBeChecked();
  await expect(banner).toContainText('http://127.0.0.1:9/gw');
  await expect(banner).toContainText('user 9223372036854775807');
  await expect(indicatorState(page)).toContainText('Failing: Gateway unreachable');

  await page.getByLabel('Profile name').fill('Staging EU');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved “Staging EU”.' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Staging EU' })).toBeChecked();

  await page.getByRole('radio', { name: 'Local' }).check();
  await expect(indicatorState(page)).toHaveText('Reachable');
  await expect(banner).toContainText('/api');

  await page.getByRole('radio', { name: 'Staging EU' }).check();
  await page.getByRole('button', { name: 'Delete profile' }).click();
  await page.getByRole('button', { name: 'Delete “Staging EU”' }).click();
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Local' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Delete profile' })).toBeDisabled();
});

test('a cross-origin gateway that cannot be reached gets the CORS and GATEWAY_URL hint', async ({ page }) => {
  await useLocalGateway(page);
  await page.getByLabel('Gateway URL').fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Test connection' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Gateway unreachable' });
  await expect(alert).toContainText('CORS');
  await expect(alert).toContainText('GATEWAY_URL');
});

test('a URL that answers but is not a gateway says so', async ({ page }) => {
  await useLocalGateway(page);
  await page.getByLabel('Gateway URL').fill('/not-a-gateway');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /Not a gateway|Operation not found/ })).toBeVisible();
});
