import { expect, test, type Locator, type Page } from '@playwright/test';
import { animationsDone, apiBook, expectNoAxeViolations, expectToast, isMobile, signIn, uid } from './admin-helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('the dashboard shows four figures, revenue in whole rupees, and the five newest bookings', async ({ page }) => {
  const first = `Recent${uid()}`;
  await apiBook(page.request, first);
  // The figures the page itself was given: another worker's test may record a payment at any moment.
  const given = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/stats' && r.ok());
  await page.goto('/admin');
  const stats = (await (await given).json()) as { monthlyRevenue: number };
  const figures = page.getByRole('region', { name: 'Clinic figures' });
  for (const label of ['Total Patients', "Today's Appointments", 'Pending Invoices', 'Monthly Revenue']) {
    await expect(figures.getByText(label)).toBeVisible();
  }
  const revenue = figures.locator('.stat-card').filter({ hasText: 'Monthly Revenue' }).locator('.stat-value');
  await expect(revenue).toHaveText(/^₹[\d,]+$/);
  const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  expect(await revenue.textContent()).toBe(whole.format(Math.round(Number(stats.monthlyRevenue))));

  const recent = page.getByRole('region', { name: 'Recent Appointments' }).getByRole('listitem');
  await expect(recent.first()).toBeVisible();
  expect(await recent.count()).toBeLessThanOrEqual(5);
  await page.getByRole('link', { name: /View All/ }).click();
  await expect(page).toHaveURL(/\/admin\/appointments$/);
});

test('quick actions open the right screens and dialogs', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Add Patient' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Patient' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/patients$/);

  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Create Invoice' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Invoice' })).toBeVisible();

  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Manage Gallery' }).click();
  await expect(page.getByRole('heading', { name: 'Gallery Management', level: 1 })).toBeVisible();

  await page.goto('/admin/dashboard');
  // APPT-10: New Appointment opens the booking dialog on the dashboard itself.
  await page.getByRole('button', { name: 'New Appointment' }).click();
  await expect(page.getByRole('dialog', { name: 'New Appointment' })).toBeVisible();
});

test('the dashboard passes axe', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page.locator('.stat-value').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the navigation: a sidebar on desktop, a slide-out drawer at phone width', async ({ page }) => {
  await page.goto('/admin/dashboard');
  if (!isMobile(page)) {
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Invoices' }).click();
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
    return;
  }
  await expect(page.locator('.admin-sider')).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.locator('#admin-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);
  await drawer.getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.locator('#admin-drawer')).toBeHidden();
});

test('F8 moves the focus to the toast', async ({ page }) => {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin/login');
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 401, json: { success: false, error: 'Invalid email or password' } }));
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login failed', 'Invalid email or password');
  await page.keyboard.press('F8');
  await expect(page.locator('.admin-toast')).toBeFocused();
  // Hovered, the toast stays open while axe checks it.
  await page.locator('.admin-toast').hover();
  await expectNoAxeViolations(page, { keepToast: true });
});

test('no admin screen logs an error or breaks the content security policy', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`)),
  );
  for (const [path, heading] of [
    ['/admin/dashboard', 'Dashboard'],
    ['/admin/patients', 'Patients'],
    ['/admin/appointments', 'Appointments'],
    ['/admin/invoices', 'Invoices'],
    ['/admin/blog-admin', 'Blog Management'],
    ['/admin/gallery-admin', 'Gallery Management'],
    ['/admin/settings', 'Site Settings'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
  await page.goto('/admin/patients');
  await page.getByRole('button', { name: 'Add Patient' }).click();
  await page.getByRole('dialog', { name: 'Add Patient' }).getByRole('button', { name: 'Add Patient' }).click();
  // PAT-11: the email is optional for the desk; the name is not.
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
  expect(problems).toEqual([]);
});

/** Opens the appointments' status list, checks it is on the screen, and chooses `title` from it. */
async function chooseStatusOnScreen(page: Page, title: string): Promise<Locator> {
  await page.goto('/admin/appointments');
  const status = page.getByRole('combobox').first();
  await status.click();
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(list).toBeInViewport();
  await list.getByTitle(title, { exact: true }).click();
  await expect(page.locator('.ant-select').filter({ has: status })).toContainText(title);
  return list;
}

test.describe('under prefers-reduced-motion (A11Y-5)', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a list opens on the screen and takes a choice', async ({ page }) => {
    // One rule shortening every animation once left antd's pop-ups unplaced: the list drawn far off the screen.
    const list = await chooseStatusOnScreen(page, 'Pending');
    await expect(list).toHaveCount(0);
  });
});

test.describe('with motion, as most people see the admin', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a list and a dialog animate, then take their choices', async ({ page }) => {
    await chooseStatusOnScreen(page, 'Confirmed');

    await page.getByRole('button', { name: 'New Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await expect(dialog).toBeVisible();
    // The dialog zooms in: a person clicks once it has (a click mid-zoom can miss its button).
    await animationsDone(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
