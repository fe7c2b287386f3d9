import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { clinicNowTime, clinicToday } from '../../shared/domain/clinic-time';
import type { Appointment } from '../../shared/schemas/appointment';
import type { DayEndReport } from '../../shared/schemas/desk-reports';
import { AUTH_KEY, chooseOption, expectToast, isMobile, signIn, uid } from './admin-helpers';

// The day at the desk and the owner's end of day (DESK-10 to DESK-16, INV-28 to INV-33), as people click it: a receptionist marks a
// patient arrived, in the chair and completed on the dashboard's Today, bills the visit (the invoice dialog
// comes filled with the patient and the visit's treatment from the price list), records a UPI payment; then
// the owner opens the day-end report and finds that payment under the receptionist's name. At 1280 and 375 px
// (the two projects run at once on one database: each makes its own people).

/** A receptionist of their own, signed in in a browser context of the project's size. */
async function receptionistPage(owner: Page, browser: Browser, testInfo: TestInfo, name: string): Promise<Page> {
  const tag = uid();
  const email = `desk.${tag}@clinic.test`;
  const temporary = `temp-${tag}-2026`;
  const own = `own-${tag}-secret`;
  const created = await owner.request.post('/api/admin/users', { data: { email, name, role: 'receptionist', password: temporary } });
  expect(created.status(), await created.text()).toBe(201);
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
  });
  const desk = await context.newPage();
  expect((await desk.request.post('/api/auth/login', { data: { email, password: temporary } })).ok()).toBe(true);
  const changed = await desk.request.post('/api/auth/change-password', { data: { currentPassword: temporary, newPassword: own } });
  expect(changed.ok(), await changed.text()).toBe(true);
  const login = await desk.request.post('/api/auth/login', { data: { email, password: own } });
  const { user } = (await login.json()) as { user: unknown };
  await desk.goto('/admin/login');
  await desk.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_KEY, JSON.stringify({ state: { user }, version: 0 })]);
  return desk;
}

test('a receptionist checks a patient in, seats, completes and bills the visit by UPI; the owner sees it in the day end', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const tag = uid();
  const first = `Desk${tag}`;
  const staffName = `Rekha ${tag}`;
  await signIn(page);

  // A phone-in patient with no email (PAT-11; booked and found by phone in admin-patient-identity.spec.ts),
  // booked for today (a walk-in time, so "book anyway").
  const patient = await page.request.post('/api/admin/patients', {
    data: { firstName: first, lastName: 'Walkin', phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` },
  });
  expect(patient.status(), await patient.text()).toBe(201);
  const patientId = ((await patient.json()) as { id: number }).id;
  const today = clinicToday(new Date());
  const booked = await page.request.post('/api/admin/appointments', {
    data: { patientId, preferredDate: today, preferredTime: clinicNowTime(new Date()).replace(/:\d\d$/, ':00'), treatment: 'cleaning', status: 'confirmed', bookAnyway: true },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointment = (await booked.json()) as Appointment;

  const desk = await receptionistPage(page, browser, testInfo, staffName);
  try {
    await desk.goto('/admin/dashboard');
    const board = desk.locator('section.today-panel');
    // The dashboard's chunk and the day's calendar, on a machine shared with other test runs.
    await expect(board.getByRole('heading', { name: "Today's Schedule" })).toBeVisible({ timeout: 30_000 });
    const row = board.getByTestId('today-row').filter({ hasText: first });

    // Arrived: the row moves to Waiting, with its waiting time.
    await row.getByRole('button', { name: 'Arrived' }).click();
    await expectToast(desk, 'Patient arrived');
    const waiting = board.getByRole('list', { name: 'Waiting, first come first' });
    await expect(waiting.getByTestId('today-row').filter({ hasText: first }).getByTestId('wait-time')).toHaveText(/just now|\d+ min/);
    await desk.screenshot({ path: testInfo.outputPath(`desk-waiting-${testInfo.project.name}.png`), fullPage: false });

    // In chair, then Mark Completed.
    await row.getByRole('button', { name: 'In chair' }).click();
    await expectToast(desk, 'Patient in the chair');
    await expect(board.getByRole('list', { name: 'In the chair' }).getByTestId('today-row').filter({ hasText: first })).toBeVisible();
    await row.getByRole('button', { name: 'Mark Completed' }).click();
    // ADMIN-21: a final status asks first.
    await desk.getByRole('dialog', { name: 'Mark as completed?' }).getByRole('button', { name: 'Mark Completed' }).click();
    await expectToast(desk, 'Status updated');

    // Bill this visit: the dialog comes with the patient and the visit's treatment from the price list.
    await row.getByRole('button', { name: 'Bill this visit' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Bill this visit' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.visit-bill-note')).toContainText(`${first} Walkin's visit`);
    await expect(dialog.locator('#item-0-description')).toHaveValue('Teeth Cleaning');
    await expect(dialog.locator('.ant-select').filter({ has: desk.locator('#invoice-patient') })).toContainText(first);
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expectToast(desk, 'Invoice created');

    // The invoice's view opens: record the UPI payment of the balance.
    await expect(desk).toHaveURL(/\/admin\/invoices\/\d+\/print$/, { timeout: 30_000 });
    await expect(desk.getByRole('button', { name: 'Record Payment' })).toBeVisible({ timeout: 30_000 });
    const invoiceId = Number(/invoices\/(\d+)\/print/.exec(desk.url())![1]);
    await desk.getByRole('button', { name: 'Record Payment' }).click();
    const pay = desk.getByRole('dialog', { name: 'Record payment' });
    await chooseOption(desk, pay.getByLabel('Payment mode'), 'UPI');
    await pay.getByLabel('Reference (optional)').fill(`UTR ${tag}`);
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await expectToast(desk, 'Payment recorded');
    await expect(desk.getByTestId('invoice-view-balance')).toHaveText('₹ 0.00');

    // The visit now reads Billed and links to its invoice.
    const visit = (await (await desk.request.get(`/api/admin/appointments?q=${encodeURIComponent(first)}`)).json()) as Appointment[];
    expect(visit.find((a) => a.id === appointment.id)).toMatchObject({ status: 'completed', invoiceId, arrivedAt: expect.any(String), inChairAt: expect.any(String) });
  } finally {
    await desk.context().close();
  }

  // The owner's day end: the UPI payment under the receptionist's name.
  const invoice = (await (await page.request.get(`/api/admin/appointments?q=${encodeURIComponent(first)}`)).json()) as Appointment[];
  const report = (await (await page.request.get(`/api/admin/reports/day-end?date=${today}`)).json()) as DayEndReport;
  const mine = report.payments.find((p) => p.invoiceId === invoice[0].invoiceId)!;
  expect(mine).toMatchObject({ mode: 'upi', recordedBy: staffName, reference: `UTR ${tag}` });
  await page.goto('/admin/reports');
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Day end' }).click();
  await expect(page.getByRole('heading', { name: 'Day end', level: 1 })).toBeVisible({ timeout: 30_000 });
  const line = page.getByTestId('day-end-payment').filter({ hasText: first });
  await expect(line).toContainText('UPI');
  await expect(line).toContainText(staffName);
  await expect(line).toContainText(`₹${mine.amount.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`.replace('₹', ''));
  await expect(page.getByTestId('day-end-mode-upi')).toBeVisible();
  if (isMobile(page)) await expect(page.locator('.table-scroll').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`day-end-${testInfo.project.name}.png`), fullPage: true });
});
