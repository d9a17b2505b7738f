import { expect, test } from '@playwright/test';

test('the built console loads from the production server without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Service AI Console$/);
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a deep link falls back to the console shell', async ({ page }) => {
  const response = await page.goto('/tasks');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Service AI Console$/);
});

test('/api/_console/info says the embedded gateway answers', async ({ request }) => {
  const res = await request.get('/api/_console/info');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({
    code: 0,
    data: { mode: 'embedded', emulator: true, defaultToken: 'dev-token', defaultUserId: expect.any(String) },
  });
});

test('an unknown /api path answers the JSON envelope, not the console page', async ({ request }) => {
  const res = await request.get('/api/no/such/operation');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('application/json');
  expect(await res.json()).toMatchObject({ code: 404, data: null });
});
