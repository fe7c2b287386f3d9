import { expect, test, type Page } from '@playwright/test';
import { ruling, spec } from '../../../scripts/spec-conformance';
import { apiBook, chooseOption, closeDialog, expectToast, signIn, stubList, uid } from '../admin-helpers';

// A follow-up date always in the future, whatever day the suite runs: 14 March, two years on (the e2e
// server runs on the machine's clock, as in production).
const FOLLOW_UP_YEAR = new Date().getUTCFullYear() + 2;
const FOLLOW_UP = `${FOLLOW_UP_YEAR}-03-14`;
const FOLLOW_UP_EN_GB = `14/03/${FOLLOW_UP_YEAR}`;

// SPEC 2's Appointments screen, SPEC 4's appointment states as the admin shows them and SPEC 8's appointment
// messages, at 1280 and 375 px. D45 restores the long en-US weekday date of the group headings and names a
// visitor's booking notes as the patient's own; D28 adds the no-show status (grey) to the filter.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

/** The long en-US weekday date, written here independently of the product's date module. */
const longUsDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

async function openAppointment(page: Page, search: string) {
  await page.goto('/admin/appointments');
  await page.getByLabel('Search appointments').fill(search);
  await expect(page.getByText('1 appointment found')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const row = page.locator('.appointment-row');
  await expect(row).toHaveCount(1);
  return row;
}

async function setStatus(page: Page, id: number, status: 'confirmed' | 'completed' | 'cancelled') {
  if (status === 'cancelled') {
    expect((await page.request.patch(`/api/admin/appointments/${id}/cancel`)).ok()).toBe(true);
    return;
  }
  expect((await page.request.put(`/api/admin/appointments/${id}`, { data: { status: 'confirmed' } })).ok()).toBe(true);
  if (status === 'completed') expect((await page.request.put(`/api/admin/appointments/${id}`, { data: { status: 'completed' } })).ok()).toBe(true);
}

/** A full appointment as GET /api/admin/appointments answers it, for lists the test hands the page. */
function fakeAppointment(id: number, preferredDate: string, preferredTime: string, firstName: string) {
  return {
    id, firstName, lastName: 'Fixture', email: `${firstName.toLowerCase()}@example.com`, phone: '+919876543210', treatment: 'cleaning',
    preferredDate, preferredTime, notes: null, patientNote: null, status: 'pending', createdAt: '2026-11-01T04:30:00.000Z', patientId: null,
    source: 'online', bookedAnyway: false, bookedBy: null, hasMedicalAlerts: false, medicalAlertsUnconfirmed: false, requested: null, language: 'en', arrivedAt: null, inChairAt: null, invoiceId: null,
  };
}

test.describe('the grouped list', () => {
  test(ruling('D45', 'appointment groups are headed by the long en-US weekday date ("Friday, January 29, 2027")'), async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/api/admin/appointments',
      (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ json: [fakeAppointment(990_001, '2027-01-29', '10:00', 'Asha'), fakeAppointment(990_002, '2027-01-29', '17:00', 'Bela')] })
          : route.continue(),
    );
    await page.goto('/admin/appointments');
    const heading = page.locator('.date-heading');
    await expect(heading).toHaveCount(1);
    await expect(heading.locator('span').first()).toHaveText('Friday, January 29, 2027');
    await expect(heading).toContainText('2 appointments');
  });

  test(spec('SPEC 2', 'Appointments are grouped by preferred date, groups sorted ascending, each headed by a long weekday date (long en-US format) and a count.', 'D45'), async ({ page }) => {
    // Handed out of order: the screen sorts the groups.
    await page.route(
      (url) => url.pathname === '/api/admin/appointments',
      (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({
              json: [
                fakeAppointment(990_011, '2027-02-01', '10:00', 'Chitra'),
                fakeAppointment(990_012, '2027-01-29', '10:00', 'Deepa'),
                fakeAppointment(990_013, '2027-01-29', '11:00', 'Esha'),
              ],
            })
          : route.continue(),
    );
    await page.goto('/admin/appointments');
    const headings = page.locator('.date-heading');
    await expect(headings).toHaveCount(2);
    await expect(headings.nth(0)).toContainText('Friday, January 29, 2027');
    await expect(headings.nth(0)).toContainText('2 appointments');
    await expect(headings.nth(1)).toContainText('Monday, February 1, 2027');
    await expect(headings.nth(1)).toContainText('1 appointment');
    // And a real booking from the server is headed the same way.
    const first = `Leela${uid()}`;
    const booked = await apiBook(page.request, first);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await openAppointment(page, first);
    await expect(page.getByRole('region', { name: longUsDate(booked.preferredDate) }).locator('.date-heading')).toContainText('1 appointment');
  });

  test(spec('SPEC 2', 'Each row shows name, time, phone, email, treatment, optional notes, a status badge and action buttons.', 'D45'), async ({ page }) => {
    const first = `Meera${uid()}`;
    const booked = await apiBook(page.request, first, 'Sawant', 'Sensitive upper molar');
    const row = await openAppointment(page, first);
    await expect(row).toContainText(`${first} Sawant`);
    await expect(row).toContainText(/\d{1,2}:00 [AP]M/);
    await expect(row).toContainText('+91 98765 43210');
    await expect(row).toContainText(`${first.toLowerCase()}@example.com`);
    await expect(row).toContainText('Teeth Cleaning');
    await expect(row).toContainText('Sensitive upper molar');
    await expect(row.locator('.badge').first()).toHaveText('Pending');
    await expect(row.getByRole('button', { name: `Approve ${first} Sawant's appointment` })).toBeVisible();
    expect(booked.status).toBe('pending');
  });

  test(ruling('D45', "A visitor's booking notes are the patient's words: the admin labels them as the patient's note, not as an internal note"), async ({ page }) => {
    const first = `Nisha${uid()}`;
    await apiBook(page.request, first, 'Kale', 'Afraid of needles');
    const row = await openAppointment(page, first);
    await expect(row.locator('.row-notes')).toHaveText("Patient's note: Afraid of needles");
    await expect(row).not.toContainText('Internal note');
  });

  test(ruling('D43', "An appointment's notes are internal unless staff write them in a separate … field"), async ({ page }) => {
    // Notes written at the desk are the staff's own: named Internal note, beside the note for the patient.
    const first = `Desk${uid()}`;
    const day = new Date(Date.now() + 250 * 86_400_000);
    if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
    const res = await page.request.post('/api/admin/appointments', {
      data: {
        firstName: first, lastName: 'Walkin', phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, preferredDate: day.toISOString().slice(0, 10),
        preferredTime: '12:00', treatment: 'cleaning', notes: 'Phoned at 9:40', patientNote: 'Bring your old X-rays', bookAnyway: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const row = await openAppointment(page, first);
    await expect(row.locator('.row-notes').first()).toHaveText('Internal note: Phoned at 9:40');
    await expect(row.locator('.row-notes').last()).toHaveText('Note for the patient: Bring your old X-rays');
  });

  test(spec('SPEC 2', 'Appointments: search (name, email, phone, treatment)'), async ({ page }) => {
    const first = `Pari${uid()}`;
    await apiBook(page.request, first, 'Joshi');
    await openAppointment(page, first.toUpperCase());
    await openAppointment(page, `${first.toLowerCase()}@example`);
    // Phone and treatment match too (many bookings share them: the list is not empty).
    await page.getByLabel('Search appointments').fill('98765');
    await expect(page.locator('.appointment-row').first()).toBeVisible();
    await page.getByLabel('Search appointments').fill('cleaning');
    await expect(page.locator('.appointment-row').first()).toContainText('Teeth Cleaning');
  });

  test(spec('SPEC 2', 'status filter (All Status, Pending, Confirmed, Completed, Cancelled)', 'D28'), async ({ page }) => {
    const first = `Tara${uid()}`;
    const booked = await apiBook(page.request, first);
    await setStatus(page, booked.id, 'confirmed');
    await openAppointment(page, first);
    const select = page.getByLabel('Filter by status');
    await select.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // D28 adds No-show after SPEC 2's five.
    await expect(options).toHaveText(['All Status', 'Pending', 'Confirmed', 'Completed', 'Cancelled', 'No-show']);
    await page.keyboard.press('Escape');
    await chooseOption(page, select, 'Pending');
    await expect(page.getByText('No appointments found matching your criteria.')).toBeVisible();
    await chooseOption(page, select, 'Confirmed');
    await expect(page.locator('.appointment-row')).toHaveCount(1);
  });
});

test.describe('list states', () => {
  test(spec('SPEC 2', 'Skeleton rows: 3. Empty: "No appointments found matching your criteria." or "No appointments booked yet."'), async ({ page }) => {
    await stubList(page, '/api/admin/appointments', 200, 1500);
    await page.goto('/admin/appointments');
    await expect(page.getByRole('status', { name: 'Loading appointments' }).locator('.skeleton-item')).toHaveCount(3);
    // No appointments at all: the first view says so.
    await expect(page.getByText('No appointments booked yet.')).toBeVisible({ timeout: 10_000 });
    await page.getByLabel('Search appointments').fill('nobody at all');
    await expect(page.getByText('No appointments found matching your criteria.')).toBeVisible({ timeout: 10_000 });
  });

  test(spec('SPEC 2', 'Error: "Unable to load appointments." with Try Again.'), async ({ page }) => {
    await stubList(page, '/api/admin/appointments', 500);
    await page.goto('/admin/appointments');
    await expect(page.getByText('Unable to load appointments.')).toBeVisible({ timeout: 15_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('Unable to load appointments.')).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
  });
});

test.describe('states and actions', () => {
  test(spec('SPEC 4', 'pending to confirmed via Approve (status update).'), async ({ page }) => {
    const first = `Kiran${uid()}`;
    await apiBook(page.request, first);
    const row = await openAppointment(page, first);
    await row.getByRole('button', { name: /^Approve/ }).click();
    await expect(row.locator('.badge').first()).toHaveText('Confirmed');
    await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  });

  test(spec('SPEC 8', 'Status updated ("Appointment status changed to {status}.")'), async ({ page }) => {
    const first = `Kavya${uid()}`;
    await apiBook(page.request, first);
    const row = await openAppointment(page, first);
    await row.getByRole('button', { name: /^Approve/ }).click();
    await expectToast(page, 'Status updated', 'Appointment status changed to confirmed.');
  });

  test(spec('SPEC 4', 'confirmed to completed via Mark Completed.'), async ({ page }) => {
    const first = `Omkar${uid()}`;
    const booked = await apiBook(page.request, first);
    await setStatus(page, booked.id, 'confirmed');
    const row = await openAppointment(page, first);
    await row.getByRole('button', { name: 'Mark Completed' }).click();
    await page.getByRole('dialog', { name: 'Mark as completed?' }).getByRole('button', { name: 'Mark Completed' }).click();
    await expectToast(page, 'Status updated', 'Appointment status changed to completed.');
    await expect(row.locator('.badge').first()).toHaveText('Completed');
  });

  test(spec('SPEC 4', 'pending or confirmed to cancelled via Cancel (after a confirmation prompt; patient notified by email).'), async ({ page }) => {
    const first = `Meena${uid()}`;
    const booked = await apiBook(page.request, first);
    await setStatus(page, booked.id, 'confirmed');
    const row = await openAppointment(page, first);
    await row.getByRole('button', { name: /^Cancel/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment?' });
    await expect(dialog).toContainText(`${first} Testvisit`);
    await expect(dialog).toContainText('The patient will be notified by email.');
    await closeDialog(dialog, 'Keep Appointment');
    await expect(row.locator('.badge').first()).toHaveText('Confirmed');
    await row.getByRole('button', { name: /^Cancel/ }).click();
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expectToast(page, 'Appointment cancelled', /notification sent to patient\.$/);
    await expect(row.locator('.badge').first()).toHaveText('Cancelled');
  });

  test(spec('SPEC 4', 'completed: a Send Follow-up Email action appears; it emails and leaves the status unchanged.'), async ({ page }) => {
    const first = `Rahul${uid()}`;
    const booked = await apiBook(page.request, first);
    const row = await openAppointment(page, first);
    await expect(row.getByRole('button', { name: /^Send follow-up/ })).toHaveCount(0);
    await setStatus(page, booked.id, 'completed');
    await page.reload();
    await page.getByLabel('Search appointments').fill(first);
    await expect(row.locator('.badge').first()).toHaveText('Completed');
    await row.getByRole('button', { name: /^Send follow-up/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Follow-up Appointment Email' });
    await dialog.getByLabel('Follow-up Date').fill(FOLLOW_UP);
    await dialog.getByRole('button', { name: 'Send Follow-up Email' }).click();
    await expectToast(page, 'Follow-up email sent');
    await expect(dialog).toBeHidden();
    await expect(row.locator('.badge').first()).toHaveText('Completed');
  });

  test(spec('SPEC 4', 'Delete is offered in every status (after a prompt; permanent; no notification).'), async ({ page }) => {
    const tag = uid();
    const statuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
    for (const status of statuses) {
      const booked = await apiBook(page.request, `Del${tag}${status}`);
      if (status !== 'pending') await setStatus(page, booked.id, status);
    }
    await page.goto('/admin/appointments');
    await page.locator('.ant-segmented').getByText('All dates').click();
    await page.getByLabel('Search appointments').fill(`Del${tag}`);
    await expect(page.getByText('4 appointments found')).toBeVisible();
    for (const status of statuses) {
      const row = page.locator('.appointment-row').filter({ hasText: `Del${tag}${status}` });
      await expect(row.getByRole('button', { name: /^Delete/ })).toBeVisible();
    }
    const row = page.locator('.appointment-row').filter({ hasText: `Del${tag}completed` });
    await row.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete appointment permanently?' });
    await expect(dialog).toContainText('permanently deleted');
    await expect(dialog).toContainText('the patient will not be notified');
    await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
    await expectToast(page, 'Appointment deleted');
    await expect(page.getByText('3 appointments found')).toBeVisible();
  });

  test(spec('SPEC 4', 'Badge colours: confirmed and completed green, pending amber, cancelled red, other grey.', 'D28'), async ({ page }) => {
    const tag = uid();
    const expected: [string, string, RegExp][] = [
      ['pending', 'Pending', /badge-amber/],
      ['confirmed', 'Confirmed', /badge-green/],
      ['completed', 'Completed', /badge-green/],
      ['cancelled', 'Cancelled', /badge-red/],
    ];
    for (const [status] of expected) {
      const booked = await apiBook(page.request, `Col${tag}${status}`);
      if (status !== 'pending') await setStatus(page, booked.id, status as 'confirmed' | 'completed' | 'cancelled');
    }
    await page.goto('/admin/appointments');
    await page.locator('.ant-segmented').getByText('All dates').click();
    await page.getByLabel('Search appointments').fill(`Col${tag}`);
    await expect(page.getByText('4 appointments found')).toBeVisible();
    for (const [status, label, tone] of expected) {
      const badge = page.locator('.appointment-row').filter({ hasText: `Col${tag}${status}` }).locator('.badge').first();
      await expect(badge).toHaveText(label);
      await expect(badge).toHaveClass(tone);
    }
    // Anything else looks neutral (D28's no-show among them): a value the screen does not know, grey.
    await page.route(
      (url) => url.pathname === '/api/admin/appointments',
      (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [{ ...fakeAppointment(990_021, '2027-01-29', '10:00', 'Odd'), status: 'Waitlisted' }, { ...fakeAppointment(990_022, '2027-01-29', '11:00', 'Noshow'), status: 'no-show' }] }) : route.continue()),
    );
    await page.getByLabel('Search appointments').fill('');
    await page.reload();
    await expect(page.locator('.appointment-row').filter({ hasText: 'Odd Fixture' }).locator('.badge').first()).toHaveClass(/badge-grey/);
    await expect(page.locator('.appointment-row').filter({ hasText: 'Noshow Fixture' }).locator('.badge').first()).toHaveClass(/badge-grey/);
  });
});

test.describe('the follow-up dialog', () => {
  test(spec('SPEC 2', 'A dialog "Send Follow-up Appointment Email" has a date picker (past dates disabled), an optional custom message and a live email preview.'), async ({ page }) => {
    const first = `Follow${uid()}`;
    const booked = await apiBook(page.request, first);
    await setStatus(page, booked.id, 'completed');
    const row = await openAppointment(page, first);
    await row.getByRole('button', { name: /^Send follow-up/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Follow-up Appointment Email' });
    const date = dialog.getByLabel('Follow-up Date');
    const todayAtClinic = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect((await date.getAttribute('min'))! > todayAtClinic).toBe(true);
    await date.fill(FOLLOW_UP);
    await dialog.getByLabel('Custom Message (optional)').fill('Please bring your previous X-rays.');
    const preview = dialog.frameLocator('iframe[title="Follow-up email preview"]');
    await expect(preview.locator('body')).toContainText(`Dear ${first} Testvisit,`);
    await expect(preview.locator('body')).toContainText(FOLLOW_UP_EN_GB);
    await expect(preview.locator('body')).toContainText('Please bring your previous X-rays.');
    // Live: a new message shows at once.
    await dialog.getByLabel('Custom Message (optional)').fill('See you in March.');
    await expect(preview.locator('body')).toContainText('See you in March.');
    await expect(preview.locator('body')).not.toContainText('Please bring your previous X-rays.');
  });

  test(spec('SPEC 5', 'Follow-up form: followUpDate required ("Please select a follow-up appointment date.") and later than now ("Follow-up date must be in the future."); customMessage optional.'), async ({ page }) => {
    const first = `Rule${uid()}`;
    const booked = await apiBook(page.request, first);
    await setStatus(page, booked.id, 'completed');
    const row = await openAppointment(page, first);
    await row.getByRole('button', { name: /^Send follow-up/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Follow-up Appointment Email' });
    await dialog.getByRole('button', { name: 'Send Follow-up Email' }).click();
    await expect(dialog.getByText('Please select a follow-up appointment date.')).toBeVisible();
    await dialog.getByLabel('Follow-up Date').fill('2020-01-10');
    await dialog.getByRole('button', { name: 'Send Follow-up Email' }).click();
    await expect(dialog.getByText('Follow-up date must be in the future.')).toBeVisible();
  });
});

test.describe('the follow-up email', () => {
  test(spec('SPEC 9', 'the email holds the previous appointment (date, time, treatment, notes), the suggested date, an optional clinic message and clinic contact details', 'D45'), async ({ page }) => {
    // D45: a visitor's booking notes are their own words, so the follow-up gives them back (D43's internal
    // notes, written at the desk, never reach an email).
    const first = `Notes${uid()}`;
    const booked = await apiBook(page.request, first, 'Patil', 'Sensitive upper molar');
    await setStatus(page, booked.id, 'completed');
    const row = await openAppointment(page, first);
    await row.getByRole('button', { name: /^Send follow-up/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Follow-up Appointment Email' });
    await dialog.getByLabel('Follow-up Date').fill(FOLLOW_UP);
    await dialog.getByLabel('Custom Message (optional)').fill('Please bring your previous X-rays.');
    const body = dialog.frameLocator('iframe[title="Follow-up email preview"]').locator('body');
    const [y, m, d] = booked.preferredDate.split('-');
    await expect(body).toContainText(`${d}/${m}/${y}`);
    await expect(body).toContainText('Teeth Cleaning');
    await expect(body).toContainText('Your note');
    await expect(body).toContainText('Sensitive upper molar');
    await expect(body).toContainText(FOLLOW_UP_EN_GB);
    await expect(body).toContainText('Please bring your previous X-rays.');
  });
});

test.describe('prompts', () => {
  test(spec('SPEC 8', 'cancel appointment (patient will be notified by email); permanently delete appointment (no notification)'), async ({ page }) => {
    const first = `Ask${uid()}`;
    await apiBook(page.request, first);
    const row = await openAppointment(page, first);
    await row.getByRole('button', { name: /^Cancel/ }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel appointment?' });
    await expect(cancel).toContainText('The patient will be notified by email.');
    await closeDialog(cancel, 'Keep Appointment');
    await row.getByRole('button', { name: /^Delete/ }).click();
    const remove = page.getByRole('dialog', { name: 'Delete appointment permanently?' });
    await expect(remove).toContainText('the patient will not be notified');
    await closeDialog(remove, 'Cancel');
    await expect(row.locator('.badge').first()).toHaveText('Pending');
  });
});
