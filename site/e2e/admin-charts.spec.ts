import { expect, test } from '@playwright/test';
import { apiBook, apiCreateInvoice, apiCreatePatient, AUTH_KEY, expectNoAxeViolations, signIn, uid } from './admin-helpers';

// ADMIN-13: the owner's charts on the dashboard, at 1280 and 375 px; their figures are the API's; a
// receptionist sees neither chart.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

interface Charts {
  days: { date: string; pending: number; confirmed: number; completed: number; cancelled: number; 'no-show': number }[];
  months: { month: string; revenue: number }[];
}

test('the owner sees appointments per day and revenue per month, readable and axe clean', async ({ page }, testInfo) => {
  const patient = await apiCreatePatient(page.request, `Chart${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id, 1500);
  expect((await page.request.patch(`/api/admin/invoices/${invoice.id}/mark-paid`, { data: {} })).status()).toBe(200);
  await apiBook(page.request, `Chart${uid()}`);
  // The chart's month and the dashboard's figure agree (read again if another worker's payment came between).
  await expect(async () => {
    const charts = (await (await page.request.get('/api/admin/dashboard/charts')).json()) as Charts;
    const stats = (await (await page.request.get('/api/admin/stats')).json()) as { monthlyRevenue: number };
    expect(charts.months.at(-1)!.revenue).toBe(stats.monthlyRevenue);
  }).toPass();

  const given = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/dashboard/charts' && r.ok());
  await page.goto('/admin/dashboard');
  const shown = (await (await given).json()) as Charts;
  const appointments = page.getByRole('region', { name: 'Appointments, last 30 days' });
  const revenue = page.getByRole('region', { name: 'Revenue, last 12 months' });
  await expect(appointments.getByRole('img', { name: /^Appointments per day, last 30 days/ })).toBeVisible();
  await expect(revenue.getByRole('img', { name: /^Revenue per month, last 12 months/ })).toBeVisible();
  await expect(appointments.locator('svg rect').first()).toBeAttached();

  // The figures, for screen readers, are the API's: this month's revenue in rupees with Indian grouping.
  const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  const lastRow = revenue.getByRole('table').getByRole('row').last();
  await expect(lastRow.getByRole('cell')).toHaveText(whole.format(Math.round(shown.months.at(-1)!.revenue)));
  await expect(appointments.getByRole('table').getByRole('row')).toHaveCount(31);

  // Readable at both sizes: each chart fits its panel and no axis label is cut off.
  for (const region of [appointments, revenue]) {
    const panel = (await region.boundingBox())!;
    const svg = (await region.locator('svg').boundingBox())!;
    expect(svg.width).toBeLessThanOrEqual(panel.width);
    for (const label of await region.locator('svg text').all()) {
      const box = (await label.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(panel.x);
      expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
    }
  }
  if (testInfo.project.name === 'mobile') {
    // One above the other at phone width.
    expect((await revenue.boundingBox())!.y).toBeGreaterThan((await appointments.boundingBox())!.y + 100);
  }
  await page.screenshot({ path: testInfo.outputPath('dashboard-charts.png'), fullPage: true });
  await expectNoAxeViolations(page);
});

test('a receptionist sees no charts', async ({ page }) => {
  await page.evaluate((key) => {
    const stored = JSON.parse(localStorage.getItem(key)!) as { state: { user: Record<string, unknown> } };
    stored.state.user.role = 'receptionist';
    localStorage.setItem(key, JSON.stringify(stored));
  }, AUTH_KEY);
  await page.route('**/api/auth/me', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { user: Record<string, unknown> };
    await route.fulfill({ response: res, json: { ...body, user: { ...body.user, role: 'receptionist' } } });
  });
  const chartCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/dashboard/charts') || r.url().includes('dashboard-charts')) chartCalls.push(r.url());
  });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: "Today's Schedule" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Appointments, last 30 days' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Revenue, last 12 months' })).toHaveCount(0);
  expect(chartCalls).toEqual([]);
});
