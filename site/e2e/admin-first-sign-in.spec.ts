import { expect, test } from '@playwright/test';
import { E2E_CONSOLE_OWNER } from './support/credentials';
import { expectNoAxeViolations, expectToast } from './admin-helpers';

// AUTH-11 in the browser: an owner whose password someone else chose (here set on the server's console, as
// `npm run admin -- reset-password` does; ADMIN_PASSWORD's first owner in production is the same) signs in, meets
// only "Choose a new password" (the server refuses everything else meanwhile), chooses one and reaches the
// dashboard. Once, at 1280 px: the account's first sign-in happens once.

test('an owner with a password chosen for them must choose their own before the dashboard', { tag: '@desktop-only' }, async ({ page }) => {
  const own = `my-own-Choice-${Date.now().toString(36)}`;
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_CONSOLE_OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_CONSOLE_OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Choose a new password/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Patients' })).toHaveCount(0);
  // The session says so, and the server refuses the rest, whatever the admin would show.
  expect((await (await page.request.get('/api/auth/me')).json()).user).toMatchObject({ email: E2E_CONSOLE_OWNER.email, role: 'owner', mustChangePassword: true });
  const refused = await page.request.get('/api/admin/stats');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: 'Please change your password' });
  // Another address of the admin opens the same screen.
  await page.goto('/admin/patients');
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // The rules hold here too: a placeholder is refused before anything is sent.
  await page.getByLabel('Current Password').fill(E2E_CONSOLE_OWNER.password);
  await page.getByLabel(/^New Password/).fill('change-me-later-please');
  await page.getByLabel('Confirm New Password').fill('change-me-later-please');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText('This password is a placeholder. Please choose your own.')).toBeVisible();

  await page.getByLabel(/^New Password/).fill(own);
  await page.getByLabel('Confirm New Password').fill(own);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expectToast(page, 'Password changed');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Asked from the page itself (the browser's own connections): Playwright's request context, idle since the
  // first checks, can reuse a keep-alive socket the server is just closing (ECONNRESET in CI under load).
  expect(await page.evaluate(() => fetch('/api/admin/stats').then((r) => r.status))).toBe(200);
  expect(await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()).then((b) => b.user.mustChangePassword))).toBe(false);
});
