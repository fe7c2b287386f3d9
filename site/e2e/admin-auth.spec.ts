import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/credentials';
import { AUTH_KEY, expectNoAxeViolations, expectToast, signIn } from './admin-helpers';

test.describe('admin sign-in', () => {
  test('the login form checks the email and password before sending', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('reception@clinic.test');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email address')).toHaveCount(0);
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('the password can be shown and hidden, and Back to Website leads home', async ({ page }) => {
    await page.goto('/admin/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('link', { name: 'Back to Website' })).toHaveAttribute('href', '/');
  });

  test('a wrong password shows the server reason in a Login failed toast', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login failed', 'Invalid email or password');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_KEY) ?? '').not.toContain('"user":{');
  });

  test('a network failure says so', async ({ page }) => {
    await page.goto('/admin/login');
    await page.route('**/api/auth/login', (route) => route.abort());
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login failed', 'Network error occurred');
  });

  test('too many attempts hold the form for the time the server gives, with its message', async ({ page }) => {
    await page.goto('/admin/login');
    const message = 'Too many sign-in attempts. Please wait and try again.';
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({ status: 429, headers: { 'Retry-After': '90' }, json: { error: message } }),
    );
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login failed', message);
    await expect(page.getByRole('status')).toHaveText(`${message} Try again in 2 minutes.`);
    await expect(page.getByRole('button', { name: /^Sign In \(\d+ s\)$/ })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('a busy server holds the form for a moment, then lets the admin try again', async ({ page }) => {
    // The wait runs on the page's clock, stopped and moved by the test.
    await page.clock.install({ time: new Date('2026-11-24T10:00:00+05:30') });
    await page.goto('/admin/login');
    await page.clock.pauseAt(new Date('2026-11-24T10:00:05+05:30'));
    const message = 'The server is busy. Please try again in a moment.';
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({ status: 503, headers: { 'Retry-After': '2' }, json: { error: message } }),
    );
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('status')).toHaveText(`${message} Try again in 2 seconds.`);
    await expect(page.getByRole('button', { name: 'Sign In (2 s)' })).toBeDisabled();
    await page.clock.runFor(1000);
    await expect(page.getByRole('button', { name: 'Sign In (1 s)' })).toBeDisabled();
    await page.clock.runFor(1500);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('signing in shows Signing in..., welcomes the admin and opens the dashboard', async ({ page }) => {
    await page.goto('/admin/login');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeVisible();
    release();
    await expectToast(page, 'Login successful', 'Welcome to the admin panel.');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const stored = await page.evaluate((key) => localStorage.getItem(key), AUTH_KEY);
    expect(JSON.parse(stored!).state.user.email).toBe(E2E_ADMIN.email);
  });

  test('the login page passes axe', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('admin session', () => {
  test('without a stored user every admin page redirects to the login page', async ({ page }) => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/patients', '/admin/invoices', '/admin/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
    }
  });

  test('a stored user whose session has ended is sent to the login page (GET /api/auth/me answers 401)', async ({ page }) => {
    await page.goto('/admin/login');
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ state: { user: { id: 1, email: 'old@example.com', name: 'Old' } }, version: 0 })),
      AUTH_KEY,
    );
    await page.goto('/admin/patients');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_KEY)).not.toContain('old@example.com');
  });

  test('a 401 from any admin call signs the admin out', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/patients');
    await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
    await page.route('**/api/admin/patients?**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Not signed in"}' }),
    );
    await page.getByLabel('Search patients').fill('anyone');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('Logout ends the session, clears the stored user and says so', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out successfully');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_KEY)).not.toContain('"email"');
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });

  test('a failed logout still clears the stored user and says it failed', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' }));
    if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logout failed', 'There was an error logging out. Please try again.');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
