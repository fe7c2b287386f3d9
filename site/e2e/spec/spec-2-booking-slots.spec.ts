import { expect, test, type Locator, type Page } from '@playwright/test';
import { ruling, spec } from '../../../scripts/spec-conformance';
import { signIn } from '../admin-helpers';
import { bookingDay, fillBookingForm, toast, visit } from '../support/public-helpers';

// SPEC 9's last morning and last evening slots (14:00 and 21:00, ruling D45) booked as a visitor books them:
// 2:00 PM from the contact page's form, 9:00 PM from the home page's Book Appointment dialog, each ending in
// SPEC 8's success toast. Each test books a day of its own (bookingDay), so the two projects never meet.

const LABELS = ['10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '5:00 PM', '6:00 PM', '7:00 PM', '8:00 PM', '9:00 PM'];

/** Submits the form and holds the server's answer and SPEC 8's success toast. */
async function submitAndExpectBooked(page: Page, scope: Locator, date: string, time: string) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/appointments') && r.request().method() === 'POST');
  await scope.getByRole('button', { name: 'Book Appointment' }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  expect(await res.json()).toMatchObject({ preferredDate: date, preferredTime: time, status: 'pending' });
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText('Appointment Booked!');
  await expect(toast(page)).toContainText("We'll contact you soon to confirm your appointment.");
}

test.describe('the 14:00 and 21:00 slots from the public forms (D45)', () => {
  test(spec('SPEC 2', '/contact: phone, WhatsApp, email, address, hours, the booking form'), async ({ page }, testInfo) => {
    const day = bookingDay(testInfo, 13);
    await visit(page, '/contact');
    // The hours the page shows: Monday to Saturday in SPEC 9's two sessions.
    const hours = page.locator('.hours-card');
    await expect(hours).toContainText('10:00 AM - 2:00 PM');
    await expect(hours).toContainText('5:00 PM - 9:00 PM');

    const form = page.getByRole('form', { name: 'Book an appointment' });
    await fillBookingForm(page, form, { date: day, time: '14:00', treatment: 'consultation' });
    // The day offers SPEC 9's ten slots, 10:00 AM to 9:00 PM; 2:00 PM is chosen.
    await expect(form.getByLabel('Preferred time').locator('option')).toHaveText(['Select a time', ...LABELS]);
    await expect(form.getByLabel('Preferred time')).toHaveValue('14:00');
    await submitAndExpectBooked(page, form, day, '14:00');
    await expect(form.getByLabel('First name')).toHaveValue('');
  });

  test(spec('SPEC 2', 'Book Appointment dialog button'), async ({ page }, testInfo) => {
    const day = bookingDay(testInfo, 14);
    await visit(page, '/');
    await page.locator('.hero').getByRole('button', { name: 'Book Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
    await expect(dialog).toBeVisible();
    await fillBookingForm(page, dialog, { date: day, time: '21:00', treatment: 'cleaning' });
    await expect(dialog.getByLabel('Preferred time').locator('option')).toHaveText(['Select a time', ...LABELS]);
    await expect(dialog.getByLabel('Preferred time')).toHaveValue('21:00');
    await submitAndExpectBooked(page, dialog, day, '21:00');
    // SPEC 2: the dialog closes on success.
    await expect(dialog).toBeHidden();
  });
});

test.describe("the owner's setting (D45)", () => {
  test(ruling('D45', 'an owner who wants the last one earlier sets "last appointment starts N minutes before closing" in Settings (default 0)'), async ({ page }) => {
    // Read only: the e2e server is shared, and saving any N above 0 would take 14:00 and 21:00 from the
    // tests above (api/test/spec/spec-9-slots.test.ts saves it and books around it).
    await signIn(page);
    await page.goto('/admin/settings');
    const field = page.getByRole('spinbutton', { name: 'Last appointment starts (minutes before closing)' });
    await expect(field).toBeVisible({ timeout: 30_000 });
    await expect(field).toHaveValue('0');
    await expect(page.getByText('0: a slot at the closing time is offered (10:00 to 14:00 offers 14:00).', { exact: false })).toBeVisible();
    await field.fill('60');
    await expect(page.getByRole('button', { name: 'Save Clinic Settings' })).toBeEnabled();
  });
});
