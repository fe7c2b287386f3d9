import fs from 'node:fs';
import { formatDayDate } from '../../shared/domain/dates';
import { formatPhone } from '../../shared/domain/phone';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { clinicToday } from '../../shared/domain/clinic-time';
import { SLOT_FULL_MESSAGE } from '../../shared/constants/booking';
import type { Appointment } from '../../shared/schemas/appointment';
import type { Patient } from '../../shared/schemas/patient';
import type { AuditPage } from '../../shared/schemas/audit';
import { apiBook, apiCreatePatient, chooseOption, expectNoAxeViolations, expectToast, pickPatient, signIn, uid } from './admin-helpers';
import { visit, laterDay } from './support/public-helpers';

// The front desk, as a receptionist lives it: a patient phones and is booked from the dashboard,
// then asks for another time and is moved in the Week view; a patient who never came is marked no-show; the
// clinic closes for a day and the public booking form refuses that day with the reason. At 1280 and 375 px
// (the two projects run at once on one database: each picks its own days and names).

// Days beyond the public tests' own (laterDay), this project's half.
const dayFor = (testInfo: TestInfo, offset = 0): string => laterDay(testInfo, offset);

// UI-6: a day in the week view, 'Mon, 23 Nov'.
const shortDate = (date: string) => formatDayDate(date);

async function findAppointment(page: Page, name: string): Promise<Appointment> {
  const res = await page.request.get(`/api/admin/appointments?q=${encodeURIComponent(name)}`);
  expect(res.ok()).toBe(true);
  const rows = (await res.json()) as Appointment[];
  expect(rows).toHaveLength(1);
  return rows[0];
}

function uniquePhone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a receptionist books a phoning patient from the dashboard and moves them in the Week view', async ({ page }, testInfo) => {
  // The longest walk of the suite (two screens, three views, two axe checks) on a loaded 2-core machine.
  test.setTimeout(90_000);
  const first = `Phone${uid()}`;
  const res = await page.request.post('/api/admin/patients', {
    data: { firstName: first, lastName: 'Caller', email: `${first.toLowerCase()}@example.com`, phone: '98765 43210' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const patient = (await res.json()) as Patient;
  // MED-5: the alert comes from the structured medical history.
  const history = await page.request.put(`/api/admin/patients/${patient.id}/medical-history`, { data: { allergies: [{ substance: 'Penicillin' }] } });
  expect(history.status(), await history.text()).toBe(200);
  const date = dayFor(testInfo, 0);

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: "Today's Schedule" })).toBeVisible();
  await page.getByRole('button', { name: 'New Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Appointment' });
  await expect(dialog).toBeVisible();

  // The existing patient, found by typing; their medical alert shows at once, read from their history (DATA-11).
  await pickPatient(page, dialog.locator('#appointment-patient'), first);
  await expect(dialog.getByRole('region', { name: 'Medical alerts', exact: true })).toContainText('Penicillin');

  await dialog.locator('#appointment-date').fill(date);
  // Each slot is a radio choice with its places left.
  const slot = dialog.locator('label.ant-radio-button-wrapper', { hasText: '11:00 AM' });
  await expect(slot).toContainText('2 of 2 left');
  await slot.click();
  await expect(dialog.getByRole('radio', { name: /11:00 AM/ })).toBeChecked();
  await dialog.getByLabel('Internal note (staff only)').fill('Phoned at 9:40');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expectToast(page, 'Appointment booked', `${first} Caller is booked.`);

  const booked = await findAppointment(page, first);
  expect(booked).toMatchObject({ patientId: patient.id, preferredDate: date, preferredTime: '11:00', status: 'confirmed', source: 'staff' });

  // The Week view of that date: Move, then Move here on 5:00 PM the same day.
  await page.goto('/admin/appointments');
  await page.getByText('Week', { exact: true }).click();
  await page.getByLabel('Go to date').fill(date);
  const week = page.getByRole('region', { name: 'Week view' });
  await expect(week.getByText(`${first} Caller`)).toBeVisible();
  await week.getByRole('button', { name: `Move ${first} Caller` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moving' })).toContainText(`${first} Caller`);
  await expectNoAxeViolations(page);
  await week.getByRole('button', { name: `Move here: ${shortDate(date)} at 5:00 PM` }).click();
  await expectToast(page, 'Appointment moved');
  await expect.poll(async () => (await findAppointment(page, first)).preferredTime).toBe('17:00');

  // The Day view shows it in its new slot with the places used.
  await page.getByText('Day', { exact: true }).click();
  await page.getByLabel('Go to date').fill(date);
  const day = page.getByRole('region', { name: 'Day view' });
  const fivePm = day.locator('.day-slot').filter({ has: page.getByRole('heading', { name: '5:00 PM' }) });
  await expect(fivePm.getByText(`${first} Caller`)).toBeVisible();
  await expect(fivePm.getByText('1 of 2 booked')).toBeVisible();

  // DATA-11: the row says that the patient has an alert, not what it is; pressed, the marker reads the history
  // (an audited read) and shows the alert inline.
  const reads = async () => {
    const audit = await page.request.get(`/api/admin/audit?entity=patient&entityId=${patient.id}&limit=100`);
    return ((await audit.json()) as AuditPage).rows.filter((r) => r.action === 'read-medical-history').length;
  };
  const before = await reads();
  const marker = fivePm.getByRole('button', { name: `Medical alert, ${first} Caller` });
  await expect(marker).toHaveAttribute('aria-expanded', 'false');
  await expect(fivePm).not.toContainText('Penicillin');
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(marker).toHaveAttribute('aria-expanded', 'true');
  await expect(fivePm.locator('.medical-alert')).toContainText('Allergy: Penicillin');
  expect(await reads()).toBe(before + 1);
  await expectNoAxeViolations(page);
  await marker.click();
  await expect(marker).toHaveAttribute('aria-expanded', 'false');
  await expect(fivePm).not.toContainText('Penicillin');
});

test('a Marathi patient who phones in is booked in Marathi: the language select starts at मराठी', async ({ page }, testInfo) => {
  const first = `Marathi${uid()}`;
  const patient = await apiCreatePatient(page.request, first, 'Kulkarni');
  // Their last booking was made on the Marathi site (same email, so it counts as theirs).
  await apiBook(page.request, first, 'Kulkarni', '', 'mr');
  const date = dayFor(testInfo, 40);

  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'New Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Appointment' });
  const language = dialog.locator('.field', { has: page.locator('#appointment-language') }).locator('.ant-select-content, .ant-select-selection-item').first();
  await expect(language).toContainText('English');

  const picker = dialog.locator('#appointment-patient');
  await picker.click();
  await page.keyboard.type(first);
  await chooseOption(page, picker, `${first} Kulkarni · ${formatPhone(patient.phone)}`);
  await expect(language).toContainText('मराठी');
  // Drawn with the admin's bundled Devanagari font (I18N-4), not boxes: the browser fetched it for this word.
  await expect
    .poll(() => page.evaluate(async () => [...document.fonts].find((f) => f.family.replaceAll('"', '').replaceAll("'", '') === 'Noto Sans Devanagari')?.status))
    .toBe('loaded');

  await dialog.locator('#appointment-date').fill(date);
  await dialog.locator('label.ant-radio-button-wrapper', { hasText: '10:00 AM' }).click();
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expectToast(page, 'Appointment booked', `${first} Kulkarni is booked.`);
  const booked = (await (await page.request.get(`/api/admin/appointments?q=${first}`)).json()) as Appointment[];
  expect(booked.find((a) => a.source === 'staff')).toMatchObject({ patientId: patient.id, preferredDate: date, language: 'mr' });

  // New details start in English.
  await page.getByRole('button', { name: 'New Appointment' }).click();
  await dialog.getByText('New patient', { exact: true }).click();
  await expect(language).toContainText('English');
});

test('a confirmed appointment whose time has passed is marked no-show (grey badge, in the filter)', async ({ page }, testInfo) => {
  const first = `Missed${uid()}`;
  // Earlier today at the clinic: a time not among the slots and already passed, booked anyway (APPT-10).
  const today = clinicToday(new Date());
  const res = await page.request.post('/api/admin/appointments', {
    data: {
      firstName: first,
      lastName: 'Absent',
      email: `${first.toLowerCase()}@example.com`,
      phone: '9876543210',
      preferredDate: today,
      preferredTime: testInfo.project.name === 'mobile' ? '00:01' : '00:02',
      treatment: 'cleaning',
      status: 'confirmed',
      bookAnyway: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/admin/appointments');
  await page.getByText('All dates', { exact: true }).click();
  await page.getByLabel('Search appointments').fill(first);
  const row = page.locator('.appointment-row').filter({ hasText: first });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Mark ${first} Absent as no-show` }).click();
  // ADMIN-21: no-show is final, so it is confirmed first.
  const ask = page.getByRole('dialog', { name: 'Mark as no-show?' });
  await expect(ask).toContainText(`${first} Absent`);
  await ask.getByRole('button', { name: 'Mark No-show' }).click();
  await expectToast(page, 'Status updated', 'Appointment status changed to no-show.');
  await expect(row.locator('.badge-grey', { hasText: 'No-show' })).toBeVisible();
  await expect(row.getByRole('button', { name: /as no-show/ })).toHaveCount(0);

  await chooseOption(page, page.getByLabel('Filter by status'), 'No-show');
  await expect(row).toBeVisible();
});

test('the owner closes a day in Settings and the public booking form refuses it with the reason', async ({ page }, testInfo) => {
  const date = dayFor(testInfo, 40);
  const reason = `Staff training ${uid()}`;

  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Clinic Hours & Booking' })).toBeVisible();
  await page.locator('#closed-date').fill(date);
  await page.locator('#closed-reason').fill(reason);
  await page.getByRole('button', { name: 'Add Closed Date' }).click();
  await expectToast(page, 'Closed date added');
  const closures = page.getByRole('list', { name: 'Upcoming closed dates' });
  await expect(closures.getByText(reason)).toBeVisible();
  await expectNoAxeViolations(page);

  // The public form: the closure is listed, and the day is refused with the clinic's reason.
  await visit(page, '/contact');
  const form = page.locator('#book');
  await expect(page.getByText(reason).first()).toBeVisible();
  await form.getByLabel('Preferred date').fill(date);
  await expect(form.locator('.field-error').filter({ hasText: 'The clinic is closed on' })).toContainText(reason);

  // The server refuses it too (the form is not the only guard).
  const res = await page.request.post('/api/appointments', {
    data: { firstName: 'Asha', lastName: 'Visitor', email: 'asha@example.com', phone: '9876543210', preferredDate: date, preferredTime: '10:00', treatment: 'cleaning' },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { error: string }).error).toContain(reason);

  // Open the day again: the later tests of this file book on days drawn from the same range.
  expect((await page.request.delete(`/api/admin/closed-dates/${date}`)).status()).toBe(204);
});

test('the patient page shows alerts, history with totals, and books from there', async ({ page }) => {
  const first = `Record${uid()}`;
  const res = await page.request.post('/api/admin/patients', {
    // A phone of its own: the history also gathers bookings made with the patient's phone or email.
    data: { firstName: first, lastName: 'Patient', email: `${first.toLowerCase()}@example.com`, phone: uniquePhone() },
  });
  const patient = (await res.json()) as Patient;
  // MED-5: the alert comes from the structured medical history.
  expect((await page.request.put(`/api/admin/patients/${patient.id}/medical-history`, { data: { conditions: ['diabetes'] } })).status()).toBe(200);
  await page.goto('/admin/patients');
  await page.getByLabel('Search patients').fill(first);
  // DATA-11: the list says that an alert exists, not what it is.
  const row = page.locator('li.list-row', { has: page.getByRole('link', { name: `${first} Patient` }) });
  await expect(row).toContainText('Medical alert');
  await expect(row).not.toContainText('Diabetes');
  await page.getByRole('link', { name: `${first} Patient` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/patients/${patient.id}$`));
  await expect(page.getByRole('heading', { name: `${first} Patient`, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Medical alerts', exact: true })).toContainText('Diabetes');
  await expect(page.getByRole('heading', { name: 'Appointments (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'New Appointment' }).click();
  await expect(page.getByRole('dialog', { name: 'New Appointment' }).getByRole('region', { name: 'Medical alerts', exact: true })).toContainText('Diabetes');
  await expectNoAxeViolations(page);
});

test('moving into a full slot in the Week view shows the server refusal and moves nothing', async ({ page }, testInfo) => {
  const tag = uid();
  const date = dayFor(testInfo, 20);
  const book = async (first: string, time: string) => {
    const res = await page.request.post('/api/admin/appointments', {
      data: { firstName: first, lastName: 'Full', email: `${first.toLowerCase()}@example.com`, phone: uniquePhone(), preferredDate: date, preferredTime: time, treatment: 'cleaning' },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  // Two places at 6:00 PM taken (capacity 2), and one patient at 7:00 PM who asks for 6:00 PM.
  await book(`Alpha${tag}`, '18:00');
  await book(`Beta${tag}`, '18:00');
  await book(`Gamma${tag}`, '19:00');

  await page.goto('/admin/appointments');
  await page.getByText('Week', { exact: true }).click();
  await page.getByLabel('Go to date').fill(date);
  const week = page.getByRole('region', { name: 'Week view' });
  await week.getByRole('button', { name: `Move Gamma${tag} Full` }).click();
  await week.getByRole('button', { name: `Move here: ${shortDate(date)} at 6:00 PM (full)` }).click();
  await expectToast(page, 'Could not move the appointment', SLOT_FULL_MESSAGE);
  expect((await findAppointment(page, `Gamma${tag}`)).preferredTime).toBe('19:00');
});

test('the owner downloads the appointments list as CSV with its filters @desktop-only', async ({ page }) => {
  await page.goto('/admin/appointments');
  await page.getByText('All dates', { exact: true }).click();
  await page.getByLabel('Search appointments').fill('Full');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const asked = page.waitForRequest((r) => r.url().includes('/api/admin/export/appointments.csv?q=Full'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download appointments as CSV' }).click()]);
  await asked;
  expect(download.suggestedFilename()).toBe(`appointments-${clinicToday(new Date())}.csv`);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text.split('\n')[0]).toContain(',');
});

test('Reschedule from a list row into a full slot warns, and Book anyway moves it (recorded)', async ({ page }, testInfo) => {
  const tag = uid();
  const date = dayFor(testInfo, 30);
  for (const [first, time] of [[`One${tag}`, '12:00'], [`Two${tag}`, '12:00'], [`Three${tag}`, '13:00']]) {
    const res = await page.request.post('/api/admin/appointments', {
      data: { firstName: first, lastName: 'Moved', email: `${first.toLowerCase()}@example.com`, phone: uniquePhone(), preferredDate: date, preferredTime: time, treatment: 'cleaning' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/admin/appointments');
  await page.getByLabel('Search appointments').fill(`Three${tag}`);
  const row = page.locator('.appointment-row').filter({ hasText: `Three${tag}` });
  await row.getByRole('button', { name: `Reschedule Three${tag} Moved's appointment` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await expect(dialog.locator('#reschedule-date')).toHaveValue(date);
  const noon = dialog.locator('label.ant-radio-button-wrapper', { hasText: '12:00 PM' });
  await expect(noon).toContainText('Full');
  await noon.click();
  await expect(dialog.getByRole('alert')).toContainText('12:00 PM is full (2 of 2 places booked).');
  await expectNoAxeViolations(page);
  await dialog.getByRole('checkbox', { name: 'Book anyway' }).check();
  await dialog.getByRole('button', { name: 'Move Anyway' }).click();
  await expectToast(page, 'Appointment rescheduled');
  const moved = await findAppointment(page, `Three${tag}`);
  expect(moved).toMatchObject({ preferredTime: '12:00', bookedAnyway: true });
});
