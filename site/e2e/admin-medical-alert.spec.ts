import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Patient } from '../../shared/schemas/patient';
import { apiCreatePatient, expectNoAxeViolations, expectToast, signIn, uid } from './admin-helpers';

// MED-9: one medical alert everywhere a patient's alerts show (the patient page, the record, the chart, an
// appointment's marker, the booking dialog, the clinical summary), at 1280 px and on a 768 px tablet: a severe
// allergy and anticoagulants red with a "!" mark, pregnancy marked as such, an entry not yet confirmed dashed
// with its label, the rest amber. MED-10, MED-11: the history's Confirm is in view and an old version opens
// whole; NOTE-16: signing a note asks first.

const SHOTS = '/work/shots/alerts';
const RED = 'rgb(220, 38, 38)';
const AMBER = 'rgb(253, 186, 116)';

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const style = (l: Locator, property: 'borderTopColor' | 'borderTopStyle' | 'backgroundColor') => l.evaluate((el, p) => getComputedStyle(el)[p], property);

/** What every place shows: red for what changes the chair, marked; pregnancy and the unconfirmed entry marked; the rest amber. */
async function expectTheAlerts(alert: Locator): Promise<void> {
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/\bdanger\b/);
  await expect(alert).toContainText('not yet confirmed in part');

  const severe = alert.locator('.alert-chip', { hasText: 'Allergy: Penicillin (severe: Anaphylaxis)' });
  await expect(severe).toHaveAttribute('data-level', 'danger');
  await expect(severe.getByRole('img', { name: 'Serious:' })).toBeVisible();
  expect(await style(severe, 'borderTopColor')).toBe(RED);

  const anticoagulants = alert.locator('.alert-chip', { hasText: 'Bleeding disorder or anticoagulants' });
  await expect(anticoagulants).toHaveAttribute('data-level', 'danger');
  await expect(anticoagulants.getByRole('img', { name: 'Serious:' })).toBeVisible();

  const pregnant = alert.locator('.alert-chip[data-pregnancy]');
  await expect(pregnant).toHaveText(/Pregnant/);
  await expect(pregnant.getByRole('img', { name: 'Pregnancy:' })).toBeVisible();
  expect(await style(pregnant, 'borderTopStyle')).toBe('double');

  const latex = alert.locator('.alert-chip', { hasText: 'Allergy: Latex' });
  await expect(latex).toHaveAttribute('data-unconfirmed', 'true');
  await expect(latex).toContainText('reported at the desk, not yet confirmed');
  expect(await style(latex, 'borderTopStyle')).toBe('dashed');
  expect(await style(latex, 'borderTopColor')).toBe(AMBER);

  const diabetes = alert.locator('.alert-chip', { hasText: 'Diabetes' });
  await expect(diabetes).toHaveAttribute('data-level', 'warning');
  expect(await style(diabetes, 'borderTopColor')).toBe(AMBER);
}

/** A day the server calls at least 300 days ahead, on a weekday (the server's own clock: its Date header). */
async function futureWeekday(page: Page): Promise<string> {
  const res = await page.request.get('/healthz');
  const day = new Date(Date.parse(res.headers().date) + 300 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function patientWithHistory(page: Page): Promise<Patient> {
  const patient = await apiCreatePatient(page.request, `Alert${uid()}`, 'Kulkarni');
  const confirmed = await page.request.put(`/api/admin/patients/${patient.id}/medical-history`, {
    data: {
      allergies: [{ substance: 'Penicillin', reaction: 'Anaphylaxis', severity: 'severe' }],
      medicines: [{ name: 'Warfarin', dose: '5 mg daily' }],
      conditions: ['bleeding-disorder-or-anticoagulants', 'diabetes'],
      pregnant: true,
      note: 'INR checked monthly by her physician',
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  // MED-8: the patient's own form adds latex: shown beside, not yet confirmed.
  const reported = await page.request.put(`/api/admin/patients/${patient.id}/medical-history`, {
    data: {
      allergies: [
        { substance: 'Penicillin', reaction: 'Anaphylaxis', severity: 'severe' },
        { substance: 'Latex', reaction: 'Rash', severity: 'mild' },
      ],
      medicines: [{ name: 'Warfarin', dose: '5 mg daily' }],
      conditions: ['bleeding-disorder-or-anticoagulants', 'diabetes'],
      pregnant: true,
      note: 'Latex added from the patient form',
      source: 'patient',
    },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  return patient;
}

const region = (scope: Page | Locator) => scope.getByRole('region', { name: 'Medical alerts', exact: true });

for (const width of [1280, 768]) {
  test(`one medical alert on the patient page, the record, the chart, an appointment, the booking dialog and the summary at ${width} px @desktop-only`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const patient = await patientWithHistory(page);
    const name = `${patient.firstName} ${patient.lastName}`;

    await page.goto(`/admin/patients/${patient.id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expectTheAlerts(region(page));
    await shot(page, `patient-${width}`);

    await page.getByRole('button', { name: 'New Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Appointment' });
    await expectTheAlerts(region(dialog));
    await expect(region(dialog)).toHaveClass(/\bcompact\b/);
    await shot(page, `booking-dialog-${width}`);
    await page.keyboard.press('Escape');

    await page.goto(`/admin/patients/${patient.id}/record`);
    await expect(page.getByRole('heading', { name: 'Medical History' })).toBeVisible();
    await expectTheAlerts(region(page));
    await shot(page, `record-${width}`);

    await page.goto(`/admin/patients/${patient.id}/chart`);
    await expect(page.getByRole('heading', { name: `Chart: ${name}` })).toBeVisible();
    await expectTheAlerts(region(page));
    await shot(page, `chart-${width}`);

    // An appointment's marker (DATA-11) opens the same alert, compact.
    const date = await futureWeekday(page);
    const booked = await page.request.post('/api/admin/appointments', { data: { patientId: patient.id, preferredDate: date, preferredTime: '10:00', treatment: 'cleaning', status: 'confirmed', bookAnyway: true } });
    expect(booked.status(), await booked.text()).toBe(201);
    await page.goto('/admin/appointments');
    await page.getByText('Day', { exact: true }).click();
    await page.getByLabel('Go to date').fill(date);
    const day = page.getByRole('region', { name: 'Day view' });
    const marker = day.getByRole('button', { name: `Medical alert (not yet confirmed), ${name}` });
    await marker.click();
    await expect(marker).toHaveAttribute('aria-expanded', 'true');
    const inRow = region(day);
    await expectTheAlerts(inRow);
    await expect(inRow).toHaveClass(/\bcompact\b/);
    await expectNoAxeViolations(page);
    await shot(page, `appointment-${width}`);

    await page.goto(`/admin/patients/${patient.id}/record/print`);
    const summary = page.getByRole('article', { name: 'Clinical summary' });
    await expectTheAlerts(region(summary));
    await shot(page, `summary-${width}`);
  });

  test(`the history's Confirm is in view, an old version opens whole, and signing a note asks first at ${width} px @desktop-only`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const patient = await patientWithHistory(page);
    const note = await page.request.post(`/api/admin/patients/${patient.id}/visit-notes`, { data: { sections: { complaint: 'Bleeding gums', treatment: 'Scaling, upper arch' } } });
    expect(note.status(), await note.text()).toBe(201);

    await page.goto(`/admin/patients/${patient.id}/record`);
    // MED-10: the confirmation is beside the notice, in view, with the versions' list still closed.
    const confirm = page.getByRole('button', { name: 'Confirm version 2' });
    await expect(confirm).toBeInViewport();
    await expect(page.locator('details.history-versions')).not.toHaveAttribute('open', '');

    // MED-11: version 1 opens whole from the list.
    await page.getByText('All versions (2)').click();
    await page.getByRole('button', { name: 'Open version 1' }).click();
    const version = page.getByRole('dialog', { name: 'Medical history, version 1' });
    await expect(version).toContainText('Penicillin (severe: Anaphylaxis)');
    await expect(version).toContainText('Warfarin 5 mg daily');
    await expect(version).toContainText('Pregnant, Diabetes, Bleeding disorder or anticoagulants');
    await expect(version).toContainText('INR checked monthly by her physician');
    await expect(version).not.toContainText('Latex');
    await expectNoAxeViolations(page);
    await shot(page, `history-version-${width}`);
    await version.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(version).toHaveCount(0);

    await confirm.click();
    await expectToast(page, 'Medical history confirmed');
    await expect(region(page).locator('.alert-chip', { hasText: 'Allergy: Latex' })).not.toHaveAttribute('data-unconfirmed', 'true');
    await expect(page.getByRole('button', { name: 'Confirm version 2' })).toHaveCount(0);

    // NOTE-16: Sign note… asks; "Not yet" leaves it a draft; only the dialog's Sign note signs.
    const card = page.locator('article.note-card').first();
    await expect(card).toContainText('Unsigned draft');
    await card.getByRole('button', { name: 'Sign note…' }).click();
    const ask = page.getByRole('dialog', { name: 'Sign this note?' });
    await expect(ask).toContainText('it can no longer be edited');
    await shot(page, `sign-confirm-${width}`);
    await ask.getByRole('button', { name: 'Not yet' }).click();
    await expect(ask).toHaveCount(0);
    await expect(card).toContainText('Unsigned draft');
    expect(((await (await page.request.get(`/api/admin/patients/${patient.id}/visit-notes`)).json()) as { signedAt: string | null }[])[0].signedAt).toBeNull();
    await card.getByRole('button', { name: 'Sign note…' }).click();
    await page.getByRole('dialog', { name: 'Sign this note?' }).getByRole('button', { name: 'Sign note', exact: true }).click();
    await expectToast(page, 'Note signed');
    await expect(card).toContainText('Signed');
  });
}
