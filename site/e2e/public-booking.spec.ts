import { expect, test, type Locator, type Page } from '@playwright/test';
import { BOOKING_HONEYPOT_FIELD, HONEYPOT_MESSAGE, SLOT_FULL_MESSAGE } from '../../shared/constants/booking';
import { addDays, clinicToday } from '../../shared/domain/clinic-time';
import { aSunday, bookViaApi, bookingDay, fillBookingForm, isMobile, toast, visit } from './support/public-helpers';

// The booking form (BOOK-1 to BOOK-8; CLINIC-3) from each place it opens: validation, a full slot
// greyed out, 'Booking...', the success and failure toasts, one toast at a time. Each test books its
// own day (see bookingDay), so the two projects never meet on a slot.

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Book an Appointment' });

// BOOK-8: the success toast reads as the specification shows it again (it had read "Request received").
async function expectBooked(page: Page, form: Locator) {
  await expect(toast(page)).toHaveCount(1);
  // BOOK-8: the specification's words again (no longer UI-12's former "Request received").
  await expect(toast(page)).toContainText('Appointment Booked!');
  await expect(toast(page)).toContainText("We'll contact you soon to confirm your appointment.");
  await expect(form.getByLabel('First name')).toHaveValue('');
}

test('the contact form shows the spec messages, greys out a full slot and books', async ({ page, request }, testInfo) => {
  const day = bookingDay(testInfo, 0);
  await bookViaApi(request, day, '11:00', 2);
  await visit(page, '/contact');
  const form = page.getByRole('form', { name: 'Book an appointment' });

  await form.getByRole('button', { name: 'Book Appointment' }).click();
  for (const message of [
    'First name must be at least 2 characters',
    'Last name must be at least 2 characters',
    'Invalid email address',
    'Phone number must be at least 10 digits',
    'Please select a preferred date',
    'Please select a preferred time',
    'Please select a treatment',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('First name').fill('A');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Phone').fill('12345');
  await form.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(form.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Phone number must be at least 10 digits')).toBeVisible();

  // Today at the clinic is the earliest day; Sundays are refused.
  await expect(form.getByLabel('Preferred date')).toHaveAttribute('min', clinicToday(new Date()));
  await form.getByLabel('Preferred date').fill(aSunday());
  await expect(form.getByText('The clinic is closed on Sundays. For emergencies, please call us.')).toBeVisible();

  await fillBookingForm(page, form, { date: day, time: '10:00', treatment: 'rootcanal' });
  const full = form.getByLabel('Preferred time').locator('option[value="11:00"]');
  await expect(full).toBeDisabled();
  await expect(full).toHaveText(/Fully booked/);
  await expect(form.getByLabel('Preferred time').locator('option[value="12:00"]')).toBeEnabled();
  await expect(form.getByText('The clinic is closed on Sundays.')).toBeHidden();

  await form.getByRole('button', { name: 'Book Appointment' }).click();
  await expectBooked(page, form);
  await expect(form.getByLabel('Preferred date')).toHaveValue('');
});

test('Booking... shows while the request is on its way, and the button is disabled', async ({ page }, testInfo) => {
  const day = bookingDay(testInfo, 1);
  await visit(page, '/contact');
  const form = page.getByRole('form', { name: 'Book an appointment' });
  await fillBookingForm(page, form, { date: day, time: '12:00', treatment: 'cleaning' });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/appointments', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Book Appointment' }).click();
  const busy = form.getByRole('button', { name: 'Booking...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();
  await expectBooked(page, form);
  await expect(form.getByRole('button', { name: 'Book Appointment' })).toBeEnabled();
});

test('the hero button opens the booking dialog, which closes after booking', async ({ page }, testInfo) => {
  const day = bookingDay(testInfo, 2);
  await visit(page, '/');
  await page.locator('.hero').getByRole('button', { name: 'Book Appointment' }).click();
  const d = dialog(page);
  await expect(d).toBeVisible();
  await fillBookingForm(page, d, { date: day, time: '17:00', treatment: 'whitening' });
  await d.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(toast(page)).toContainText('Appointment Booked!');
  await expect(d).toBeHidden();
  // The toast region is reached with F8, and the toast closes itself after 5 seconds.
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
  await page.locator('h1').first().click();
  await expect(toast(page)).toHaveCount(0, { timeout: 7000 });
});

test('a treatment page books with its treatment chosen', async ({ page }, testInfo) => {
  const day = bookingDay(testInfo, 3);
  await visit(page, '/treatments/braces');
  await page.locator('.detail-actions').getByRole('button', { name: 'Book Appointment' }).click();
  const d = dialog(page);
  await expect(d.getByLabel('Treatment')).toHaveValue('braces');
  await fillBookingForm(page, d, { date: day, time: '18:00' });
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/appointments') && r.method() === 'POST');
  await d.getByRole('button', { name: 'Book Appointment' }).click();
  expect((await posted).postDataJSON()).toMatchObject({ treatment: 'braces', preferredDate: day, preferredTime: '18:00' });
  await expect(toast(page)).toContainText('Appointment Booked!');
  await expect(d).toBeHidden();
});

test('the floating button (or the side menu on a phone) books, and a place taken meanwhile fails with Booking Failed', async ({
  page,
  request,
}, testInfo) => {
  const day = bookingDay(testInfo, 4);
  await bookViaApi(request, day, '19:00', 1);
  await visit(page, '/blogs');
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Book Appointment' }).click();
  } else {
    await page.locator('.floating-buttons').getByRole('button', { name: 'Book Appointment' }).click();
  }
  const d = dialog(page);
  await expect(d).toBeVisible();
  await fillBookingForm(page, d, { date: day, time: '19:00', treatment: 'consultation' });
  // Another visitor takes the last place before this one submits.
  await bookViaApi(request, day, '19:00', 1);
  await d.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText('Booking Failed');
  await expect(toast(page)).toContainText(SLOT_FULL_MESSAGE);
  // The dialog stays, with the visitor's details, and the slot now shows as full.
  await expect(d).toBeVisible();
  await expect(d.getByLabel('First name')).not.toHaveValue('');
  await expect(d.getByLabel('Preferred time').locator('option[value="19:00"]')).toBeDisabled();

  // A second choice books; the new toast replaces the old one.
  await d.getByLabel('Preferred time').selectOption('20:00');
  await d.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText('Appointment Booked!');
  await expect(d).toBeHidden();
});

test('a network failure says Booking Failed with Please try again later.', async ({ page }, testInfo) => {
  const day = bookingDay(testInfo, 5);
  await visit(page, '/about');
  await page.locator('.doctor-text').getByRole('button', { name: 'Book Appointment' }).click();
  const d = dialog(page);
  await fillBookingForm(page, d, { date: day, time: '13:00', treatment: 'fillings' });
  await page.route('**/api/appointments', (route) => route.abort('failed'));
  await d.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(toast(page)).toContainText('Booking Failed');
  await expect(toast(page)).toContainText('Please try again later.');
  await expect(d).toBeVisible();
});

test('the booking dialog keeps focus inside, closes on Escape and gives focus back', async ({ page }) => {
  await visit(page, '/');
  const opener = page.locator('.cta-band').getByRole('button', { name: 'Book Appointment' });
  await opener.click();
  const d = dialog(page);
  await expect(d.getByLabel('First name')).toBeVisible();
  for (let i = 0; i < 15; i += 1) {
    await page.keyboard.press('Tab');
    expect(await d.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
  await expect(opener).toBeFocused();
});

// The limits the server sets on the public form, as the visitor meets them. The e2e server runs
// with a long window and no per-address or per-contact limits (support/e2e-server.ts); their refusals are
// played back here from the answers the server gives (api/test/public/appointments.test.ts).

test('the date picker ends with the booking window, and a later day is refused at once', async ({ page, request }) => {
  const { windowDays } = (await (await request.get('/api/appointments/rules')).json()) as { windowDays: number };
  await visit(page, '/contact');
  const form = page.getByRole('form', { name: 'Book an appointment' });
  const date = form.getByLabel('Preferred date');
  const last = addDays(clinicToday(new Date()), windowDays);
  await expect(date).toHaveAttribute('max', last);
  await expect(form.getByText(`Monday to Saturday, up to ${windowDays} days ahead.`)).toBeVisible();
  await date.fill(addDays(last, 1));
  await expect(form.getByText(`Please choose a date within the next ${windowDays} days`)).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await date.fill(last);
  await expect(form.getByText(`Please choose a date within the next ${windowDays} days`)).toBeHidden();
});

test("the server's refusals: field messages under their field, the rest in the Booking Failed toast", async ({ page }, testInfo) => {
  const day = bookingDay(testInfo, 6);
  await visit(page, '/contact');
  const form = page.getByRole('form', { name: 'Book an appointment' });
  await fillBookingForm(page, form, { date: day, time: '10:00', treatment: 'cleaning' });
  const answers = [
    { status: 429, headers: { 'Retry-After': '420' }, error: 'Too many booking requests from your network. Please try again in 7 minutes, or call us.' },
    { status: 409, error: 'You already have 3 upcoming appointment requests. Please call us to change or add one.' },
    { status: 400, error: 'Please choose a date within the next 60 days', fields: { preferredDate: 'Please choose a date within the next 60 days' } },
  ];
  let n = 0;
  await page.route('**/api/appointments', (route) => {
    const { status, headers, ...body } = answers[n++];
    return route.fulfill({ status, headers, contentType: 'application/json', body: JSON.stringify(body) });
  });
  const submit = form.getByRole('button', { name: 'Book Appointment' });
  for (const answer of answers) {
    await submit.click();
    await expect(toast(page)).toHaveCount(1);
    await expect(toast(page)).toContainText('Booking Failed');
    await expect(toast(page)).toContainText(answer.error);
    await expect(form.getByLabel('First name')).toHaveValue('Asha');
  }
  const date = form.getByLabel('Preferred date');
  await expect(form.getByText('Please choose a date within the next 60 days')).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toBeFocused();
  expect(n).toBe(3); // a refusal is never retried
});

test('a form whose hidden field is filled is refused by the server, and a person never meets that field', async ({ page }, testInfo) => {
  const day = bookingDay(testInfo, 7);
  await visit(page, '/contact');
  const form = page.getByRole('form', { name: 'Book an appointment' });
  const trap = form.locator(`input[name="${BOOKING_HONEYPOT_FIELD}"]`);
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(form.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);

  await fillBookingForm(page, form, { date: day, time: '20:00', treatment: 'cleaning' });
  await trap.fill('https://spam.example', { force: true });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/appointments') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Book Appointment' }).click();
  expect((await answer).status()).toBe(400);
  await expect(toast(page)).toContainText('Booking Failed');
  await expect(toast(page)).toContainText(HONEYPOT_MESSAGE);
  // Nothing was stored: the slot is still wholly free.
  const slots = await (await page.request.get(`/api/appointments/availability?date=${day}`)).json();
  expect(slots.slots.find((s: { time: string }) => s.time === '20:00').available).toBe(true);
});

test("every field's description is its error, then its hints (A11Y-2)", async ({ page, request }) => {
  const { windowDays } = (await (await request.get('/api/appointments/rules')).json()) as { windowDays: number };
  await visit(page, '/contact');
  const form = page.getByRole('form', { name: 'Book an appointment' });
  const dateHint = `Monday to Saturday, up to ${windowDays} days ahead. Closed on Sundays.`;
  const timesHint = 'Full or passed times are greyed out.';
  // Before any error: the hints only, and nothing invalid.
  await expect(form.getByLabel('First name')).toHaveAccessibleDescription('');
  await expect(form.getByLabel('First name')).not.toHaveAttribute('aria-invalid');
  await expect(form.getByLabel('Preferred date')).toHaveAccessibleDescription(new RegExp(`^${dateHint}`));
  await expect(form.getByLabel('Preferred time')).toHaveAccessibleDescription(timesHint);

  await form.getByRole('button', { name: 'Book Appointment' }).click();
  const described = {
    'First name': 'First name must be at least 2 characters',
    'Last name': 'Last name must be at least 2 characters',
    Email: 'Invalid email address',
    Phone: 'Phone number must be at least 10 digits',
    Treatment: 'Please select a treatment',
  };
  for (const [label, message] of Object.entries(described)) {
    await expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(form.getByLabel('Preferred date')).toHaveAccessibleDescription(new RegExp(`^Please select a preferred date ${dateHint}`));
  await expect(form.getByLabel('Preferred time')).toHaveAccessibleDescription(`Please select a preferred time ${timesHint}`);
  // The optional notes are valid empty: no message, not invalid.
  await expect(form.getByLabel('Notes (optional)')).toHaveAccessibleDescription('');
  await expect(form.getByLabel('Notes (optional)')).not.toHaveAttribute('aria-invalid');

  // Corrected, a field loses its message and its invalid state.
  await form.getByLabel('First name').fill('Asha');
  await form.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(form.getByLabel('First name')).toHaveAccessibleDescription('');
  await expect(form.getByLabel('First name')).not.toHaveAttribute('aria-invalid');
});
