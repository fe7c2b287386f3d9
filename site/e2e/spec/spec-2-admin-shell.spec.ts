import { expect, test } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { E2E_ADMIN } from '../support/credentials';
import { apiBook, AUTH_KEY, expectToast, isMobile, openNav, signIn, uid } from '../admin-helpers';

// SPEC 2's admin routes, layout, sign-in and dashboard as SPEC.md shows them, with SPEC 4's sign-in and logout
// states and SPEC 8's sign-in and logout messages, at 1280 and 375 px.

const ADMIN_ROUTES = ['/admin', '/admin/dashboard', '/admin/patients', '/admin/appointments', '/admin/invoices', '/admin/blog-admin', '/admin/gallery-admin', '/admin/settings'];

test.describe('admin layout and routes', () => {
  test(spec('SPEC 2', 'Admin pages render only if a stored signed-in user exists; otherwise they redirect to /admin/login.'), async ({ page }) => {
    for (const path of ADMIN_ROUTES) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    }
  });

  test(spec('SPEC 2', '/admin/login, /admin and /admin/dashboard (same dashboard), /admin/patients, /admin/appointments, /admin/invoices, /admin/blog-admin, /admin/gallery-admin, /admin/settings'), async ({ page }) => {
    await signIn(page);
    const headings: [string, string][] = [
      ['/admin', 'Dashboard'],
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/patients', 'Patients'],
      ['/admin/appointments', 'Appointments'],
      ['/admin/invoices', 'Invoices'],
      ['/admin/blog-admin', 'Blog Management'],
      ['/admin/gallery-admin', 'Gallery Management'],
      ['/admin/settings', 'Site Settings'],
    ];
    for (const [path, heading] of headings) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test(spec('SPEC 2', 'Admin layout: sidebar (slide-out drawer on mobile) with navigation and a Logout button.'), async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    if (isMobile(page)) {
      // The drawer, closed until the menu button opens it.
      await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
      await openNav(page);
    } else {
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    }
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Dashboard', 'Patients', 'Appointments', 'Invoices', 'Blog', 'Gallery', 'Settings']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await nav.getByRole('link', { name: 'Patients', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/patients$/);
    await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
  });
});

test.describe('/admin/login', () => {
  test(spec('SPEC 2', '/admin/login: email and password sign-in, show/hide password toggle, Back to Website link.'), async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('link', { name: 'Back to Website' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test(spec('SPEC 4', "Login: idle, signing in ('Signing in...'), then success to /admin or failure."), async ({ page }) => {
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
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test(spec('SPEC 8', "Success: 'Login successful' / 'Welcome to the admin panel.'"), async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login successful', 'Welcome to the admin panel.');
    const stored = await page.evaluate((key) => localStorage.getItem(key), AUTH_KEY);
    expect(JSON.parse(stored!).state.user.email).toBe(E2E_ADMIN.email);
  });

  test(spec('SPEC 8', "failed login toast 'Login failed'"), async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login failed', 'Invalid email or password');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test(spec('SPEC 5', "Login: email valid ('Invalid email address'); password at least 6 characters ('Password must be at least 6 characters')."), async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  });
});

test.describe('Logout', () => {
  test(spec('SPEC 4', 'Logout clears the stored user and goes to /admin/login.'), async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    await openNav(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_KEY)).not.toContain('"email"');
    // Signed out for real: the admin pages send the visitor back to the sign-in page.
    await page.goto('/admin/patients');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test(spec('SPEC 8', "success 'Logged out successfully'"), async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    await openNav(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out successfully');
  });

  test(spec('SPEC 8', "Logout: failure toast 'Logout failed' / 'There was an error logging out. Please try again.'"), async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/dashboard');
    await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' }));
    await openNav(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logout failed', 'There was an error logging out. Please try again.');
    // SPEC 7: failure ignored; the local user is still cleared.
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_KEY)).not.toContain('"email"');
  });
});

test.describe('Dashboard', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test(spec('SPEC 2', "four stat cards (Total Patients, Today's Appointments, Pending Invoices, Monthly Revenue in rupees, no decimals)"), async ({ page }) => {
    const given = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/stats' && r.ok());
    await page.goto('/admin/dashboard');
    const stats = (await (await given).json()) as { totalPatients: number; todayAppointments: number; pendingInvoices: number; monthlyRevenue: number };
    const figures = page.getByRole('region', { name: 'Clinic figures' });
    await expect(figures.locator('.stat-card')).toHaveCount(4);
    const card = (label: string) => figures.locator('.stat-card').filter({ hasText: label }).locator('.stat-value');
    await expect(card('Total Patients')).toHaveText(stats.totalPatients.toLocaleString('en-IN'));
    await expect(card("Today's Appointments")).toHaveText(stats.todayAppointments.toLocaleString('en-IN'));
    await expect(card('Pending Invoices')).toHaveText(stats.pendingInvoices.toLocaleString('en-IN'));
    const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    await expect(card('Monthly Revenue')).toHaveText(whole.format(Math.round(Number(stats.monthlyRevenue))));
    await expect(card('Monthly Revenue')).not.toHaveText(/\./);
  });

  test(spec('SPEC 2', 'quick actions (New Appointment, Add Patient, Create Invoice, Manage Gallery)'), async ({ page }) => {
    await page.goto('/admin/dashboard');
    const actions = page.getByRole('region', { name: 'Quick Actions' });
    await expect(actions.getByRole('button', { name: 'New Appointment' })).toBeVisible();
    for (const name of ['Add Patient', 'Create Invoice', 'Manage Gallery']) await expect(actions.getByRole('link', { name })).toBeVisible();
    await actions.getByRole('link', { name: 'Add Patient' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Patient' })).toBeVisible();
    await page.goto('/admin/dashboard');
    await page.getByRole('region', { name: 'Quick Actions' }).getByRole('link', { name: 'Manage Gallery' }).click();
    await expect(page.getByRole('heading', { name: 'Gallery Management', level: 1 })).toBeVisible();
  });

  test(spec('SPEC 2', 'the 5 most recent appointments with a View All link'), async ({ page }) => {
    // Six bookings of this test: at least six exist, five are shown.
    const tag = uid();
    for (let i = 0; i < 6; i++) await apiBook(page.request, `Recent${tag}${String.fromCharCode(97 + i)}`);
    await page.goto('/admin/dashboard');
    const recent = page.getByRole('region', { name: 'Recent Appointments' }).getByRole('listitem');
    await expect(recent).toHaveCount(5);
    await page.getByRole('region', { name: 'Recent Appointments' }).getByRole('link', { name: /View All/ }).click();
    await expect(page).toHaveURL(/\/admin\/appointments$/);
  });

  test(spec('SPEC 9', 'dashboard recent appointments 5'), async ({ page }) => {
    // SPEC 7: the client shows the first five of whatever list the server answers.
    const row = (i: number) => ({ id: 900_000 + i, firstName: `Many${i}`, lastName: 'Rows', treatment: 'cleaning', preferredDate: '2031-03-14', preferredTime: '10:00', status: 'pending' });
    await page.route((url) => url.pathname === '/api/admin/recent-appointments', (route) => route.fulfill({ json: Array.from({ length: 8 }, (_, i) => row(i)) }));
    await page.goto('/admin/dashboard');
    const recent = page.getByRole('region', { name: 'Recent Appointments' }).getByRole('listitem');
    await expect(recent).toHaveCount(5);
    await expect(recent.first()).toContainText('Many0 Rows');
    await expect(recent.last()).toContainText('Many4 Rows');
  });
});
