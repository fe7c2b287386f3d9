import { expect, test, type Page } from '@playwright/test';
import { formatWeekdayLongDate } from '../../shared/domain/dates';
import { apiBook, chooseOption, closeDialog, expectNoAxeViolations, expectToast, signIn, stubList, uid } from './admin-helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

// APPT-7: the list's group headings, the long US English weekday date 'Friday, January 29, 2027', restored
// over the shorter 'Fri, 29 Jan 2027' (the ruling is named in site/e2e/spec/spec-2-admin-appointments.spec.ts).
const listDate = (date: string) => formatWeekdayLongDate(date);

async function openAppointment(page: Page, firstName: string) {
  await page.goto('/admin/appointments');
  await page.getByLabel('Search appointments').fill(firstName);
  await expect(page.getByText('1 appointment found')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const row = page.locator('.appointment-row').filter({ hasText: firstName });
  await expect(row).toHaveCount(1);
  return row;
}

test('lists a booking under its long weekday date with a count, the details and a Pending badge', async ({ page }) => {
  const first = `Leela${uid()}`;
  const booked = await apiBook(page.request, first, 'Sawant', 'Sensitive upper molar');
  const row = await openAppointment(page, first);
  const group = page.getByRole('region', { name: new RegExp(listDate(booked.preferredDate)) });
  await expect(group.getByRole('heading', { level: 2 })).toContainText(listDate(booked.preferredDate));
  await expect(group.getByRole('heading', { level: 2 })).toContainText('1 appointment');
  await expect(row).toContainText(`${first} Sawant`);
  await expect(row).toContainText('Teeth Cleaning');
  await expect(row).toContainText('+91 98765 43210');
  await expect(row).toContainText(`${first.toLowerCase()}@example.com`);
  // APPT-22: a visitor's booking notes are the patient's words, not an internal note (the ruling is named in
  // site/e2e/spec/spec-2-admin-appointments.spec.ts).
  await expect(row).toContainText("Patient's note: Sensitive upper molar");
  await expect(row).not.toContainText('Internal note');
  await expect(row.locator('.badge')).toHaveText('Pending');
  await expect(row.locator('.badge')).toHaveClass(/badge-amber/);
});

test("a Marathi booking's WhatsApp button opens wa.me with the confirmation written in Marathi", async ({ page }) => {
  // The browser platform opens WhatsApp with window.open: keep the address instead of leaving for wa.me.
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.assign(window, { openedUrls: opened });
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return null;
    };
  });
  const first = `Sunita${uid()}`;
  const booked = await apiBook(page.request, first, 'Patil', '', 'mr');
  const row = await openAppointment(page, first);
  await row.getByRole('button', { name: `WhatsApp ${first} Patil` }).click();

  const opened = () => page.evaluate(() => (window as unknown as { openedUrls: string[] }).openedUrls);
  await expect.poll(opened).toHaveLength(1);
  const link = new URL((await opened())[0]);
  expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/919876543210');
  const marathiDate = new Intl.DateTimeFormat('mr-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${booked.preferredDate}T00:00:00Z`),
  );
  const text = link.searchParams.get('text') ?? '';
  expect(text.startsWith(`नमस्कार ${first}, `)).toBe(true);
  expect(text).toContain(`दातांची स्वच्छता (स्केलिंग) साठी तुमची अपॉइंटमेंट ${marathiDate} रोजी`);
  expect(text).toContain('निश्चित झाली आहे. कृपया 10 मिनिटे आधी या.');
  expect(text).not.toContain('Hello');
});

test('Approve, Mark Completed and the follow-up email, each with its toast', async ({ page }) => {
  test.slow(); // three actions, a confirmation (ADMIN-21) and the email preview's frame, on a 2-core machine
  const first = `Kiran${uid()}`;
  await apiBook(page.request, first);
  const row = await openAppointment(page, first);

  await row.getByRole('button', { name: /^Approve/ }).click();
  await expectToast(page, 'Status updated', 'Appointment status changed to confirmed.');
  await expect(row.locator('.badge')).toHaveText('Confirmed');
  await expect(row.locator('.badge')).toHaveClass(/badge-green/);
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  await expect(row.getByRole('button', { name: 'Mark Completed' })).toHaveAccessibleDescription(`${first} Testvisit`);
  await row.getByRole('button', { name: 'Mark Completed' }).click();
  // ADMIN-21: a final status asks first; Go Back leaves it as it was.
  const ask = page.getByRole('dialog', { name: 'Mark as completed?' });
  await expect(ask).toContainText(`${first} Testvisit`);
  await ask.getByRole('button', { name: 'Go Back' }).click();
  await expect(ask).toBeHidden();
  await expect(row.locator('.badge')).toHaveText('Confirmed');
  await row.getByRole('button', { name: 'Mark Completed' }).click();
  await page.getByRole('dialog', { name: 'Mark as completed?' }).getByRole('button', { name: 'Mark Completed' }).click();
  await expectToast(page, 'Status updated', 'Appointment status changed to completed.');
  await expect(row.locator('.badge')).toHaveText('Completed');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

  await row.getByRole('button', { name: /^Send follow-up/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Follow-up Appointment Email' });
  const date = dialog.getByLabel('Follow-up Date');
  const min = await date.getAttribute('min');
  const todayAtClinic = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  expect(min! > todayAtClinic).toBe(true);
  await expect(dialog).toContainText('Choose a follow-up date to see the email');

  await dialog.getByRole('button', { name: 'Send Follow-up Email' }).click();
  await expect(dialog.getByText('Please select a follow-up appointment date.')).toBeVisible();
  // (axe before the preview frame appears: the email's own HTML is not an admin screen)
  await expectNoAxeViolations(page);
  await date.fill('2020-01-10');
  await dialog.getByRole('button', { name: 'Send Follow-up Email' }).click();
  await expect(dialog.getByText('Follow-up date must be in the future.')).toBeVisible();

  await date.fill('2031-03-14');
  await dialog.getByLabel('Custom Message (optional)').fill('Please bring your previous X-rays.');
  await expect(dialog).toContainText('Subject: Your follow-up appointment on 14/03/2031');
  const preview = dialog.frameLocator('iframe[title="Follow-up email preview"]');
  await expect(preview.locator('body')).toContainText(`Dear ${first} Testvisit,`);
  await expect(preview.locator('body')).toContainText('14/03/2031');
  await expect(preview.locator('body')).toContainText('Please bring your previous X-rays.');
  await expect(preview.locator('body')).toContainText('Teeth Cleaning');

  await dialog.getByRole('button', { name: 'Send Follow-up Email' }).click();
  await expectToast(page, 'Follow-up email sent');
  await expect(dialog).toBeHidden();
  await expect(row.locator('.badge')).toHaveText('Completed');
});

test('Cancel asks first, says the patient will be notified, then cancels', async ({ page }) => {
  const first = `Meena${uid()}`;
  await apiBook(page.request, first);
  const row = await openAppointment(page, first);
  await row.getByRole('button', { name: /^Cancel/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel appointment?' });
  await expect(dialog).toContainText(`${first} Testvisit`);
  await expect(dialog).toContainText('The patient will be notified by email.');
  await closeDialog(dialog, 'Keep Appointment');
  await expect(row.locator('.badge')).toHaveText('Pending');

  await row.getByRole('button', { name: /^Cancel/ }).click();
  await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expectToast(page, 'Appointment cancelled', /notification sent to patient\.$/);
  await expect(row.locator('.badge')).toHaveText('Cancelled');
  await expect(row.locator('.badge')).toHaveClass(/badge-red/);
  await expect(row.getByRole('button', { name: /^Approve|^Cancel/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Delete/ })).toBeVisible();
});

test('Delete warns that it is permanent and silent, then removes the appointment', async ({ page }) => {
  const first = `Dev${uid()}`;
  await apiBook(page.request, first);
  const row = await openAppointment(page, first);
  await row.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete appointment permanently?' });
  await expect(dialog).toContainText('permanently deleted');
  await expect(dialog).toContainText('the patient will not be notified');
  await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
  await expectToast(page, 'Appointment deleted');
  await expect(page.getByText('No appointments found matching your criteria.')).toBeVisible();
});

test('a refused change shows Error updating status with the server reason', async ({ page }) => {
  const first = `Ira${uid()}`;
  const booked = await apiBook(page.request, first);
  const row = await openAppointment(page, first);
  // Someone else cancels it meanwhile: approving is now refused with 409.
  expect((await page.request.patch(`/api/admin/appointments/${booked.id}/cancel`)).ok()).toBe(true);
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expectToast(page, 'Error updating status', 'A cancelled appointment cannot be changed to confirmed.');
});

test('the status filter and search narrow the list', async ({ page }) => {
  const first = `Tara${uid()}`;
  const booked = await apiBook(page.request, first);
  await page.request.put(`/api/admin/appointments/${booked.id}`, { data: { status: 'confirmed' } });
  await page.goto('/admin/appointments');
  await page.getByLabel('Search appointments').fill(first);
  await expect(page.locator('.appointment-row')).toHaveCount(1);
  await chooseOption(page, page.getByLabel('Filter by status'), 'Pending');
  await expect(page.getByText('No appointments found matching your criteria.')).toBeVisible();
  await chooseOption(page, page.getByLabel('Filter by status'), 'Confirmed');
  await expect(page.locator('.appointment-row')).toHaveCount(1);
});

test('without any bookings it says No appointments booked yet.', async ({ page }) => {
  await stubList(page, '/api/admin/appointments', 200);
  await page.goto('/admin/appointments');
  await page.locator('.ant-segmented').getByText('All dates').click();
  await expect(page.getByText('No appointments booked yet.')).toBeVisible();
});

test('shows 3 skeleton rows while loading', async ({ page }) => {
  await stubList(page, '/api/admin/appointments', 200, 1500);
  await page.goto('/admin/appointments');
  await expect(page.getByRole('status', { name: 'Loading appointments' }).locator('.skeleton-item')).toHaveCount(3);
});

test('a load failure says Unable to load appointments. with Try Again', async ({ page }) => {
  await stubList(page, '/api/admin/appointments', 500);
  await page.goto('/admin/appointments');
  await expect(page.getByText('Unable to load appointments.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
});

test('the appointments screen passes axe', async ({ page }) => {
  const first = `Axe${uid()}`;
  await apiBook(page.request, first, 'Check', 'Needs a wheelchair ramp');
  await openAppointment(page, first);
  await expectNoAxeViolations(page);
});
