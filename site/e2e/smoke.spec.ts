import { expect, test } from '@playwright/test';

test('the server answers the public entry, the admin entry and a 404 for an unknown path', async ({ page }) => {
  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  await expect(page.locator('h1').first()).toBeVisible();

  const admin = await page.goto('/admin/login');
  expect(admin?.status()).toBe(200);

  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
});
