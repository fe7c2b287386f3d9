import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AUTH_KEY, apiCreatePatient, chooseOption, expectToast, signIn, uid } from './admin-helpers';

// MED-1, MED-5, NOTE-1..NOTE-4: a dentist at the chair, on a desktop (1280 px) and on a tablet (768 px):
// records a severe penicillin allergy in the structured medical history and sees the banner on the
// patient page; writes a visit note from a template, signs it, and adds an addendum.

const SHOTS = '/work/shots/record';

/** A new dentist account (the owner creates it; the dentist chooses their own password), signed in on `page`. */
async function signInAsDentist(page: Page): Promise<string> {
  await signIn(page);
  const email = `dr.${uid()}@clinic.test`;
  const name = `Dr ${uid().slice(0, 6)}`;
  const created = await page.request.post('/api/admin/users', { data: { email, name, role: 'dentist', password: 'temporary-Pass-2026' } });
  expect(created.status(), await created.text()).toBe(201);
  await page.context().clearCookies();
  expect((await page.request.post('/api/auth/login', { data: { email, password: 'temporary-Pass-2026' } })).ok()).toBe(true);
  const changed = await page.request.post('/api/auth/change-password', { data: { currentPassword: 'temporary-Pass-2026', newPassword: 'chairside-Pass-2026' } });
  expect(changed.ok(), await changed.text()).toBe(true);
  const login = await page.request.post('/api/auth/login', { data: { email, password: 'chairside-Pass-2026' } });
  expect(login.ok()).toBe(true);
  const { user } = (await login.json()) as { user: { role: string } };
  expect(user.role).toBe('dentist');
  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_KEY, JSON.stringify({ state: { user }, version: 0 })]);
  return name;
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const width of [1280, 768]) {
  test(`a dentist records a severe allergy, and writes, signs and amends a visit note at ${width} px @desktop-only`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    // The owner makes the patient; the dentist does the rest.
    await signIn(page);
    const first = `Rec${uid()}`;
    const patient = await apiCreatePatient(page.request, first);
    const dentist = await signInAsDentist(page);

    await page.goto(`/admin/patients/${patient.id}`);
    await expect(page.getByRole('heading', { name: `${first} Testpatient` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Medical alerts', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Medical history & visit notes' }).click();
    await expect(page.getByRole('heading', { name: 'Medical History' })).toBeVisible();
    await expect(page.getByText('No medical history recorded yet.')).toBeVisible();

    // The allergy, structured: substance, reaction, severity.
    await page.getByRole('button', { name: 'Record history' }).click();
    const form = page.getByRole('form', { name: 'Medical history' });
    await form.getByRole('button', { name: 'Add allergy' }).click();
    await form.getByLabel('Allergy 1: substance').fill('Penicillin');
    await form.getByLabel('Allergy 1: reaction').fill('Anaphylaxis');
    await chooseOption(page, form.getByLabel('Allergy 1: severity'), 'Severe');
    await form.getByRole('checkbox', { name: 'Diabetes' }).check();
    if (width === 768) await shot(page, `history-editor-${width}`);
    await form.getByRole('button', { name: 'Save as version 1' }).click();
    await expectToast(page, 'Medical history saved', 'Version 1.');
    await expect(page.getByText(new RegExp(`Version 1, by staff: ${dentist}`))).toBeVisible();

    // The banner on the patient page reads the structured history: the severe allergy in red.
    await page.getByRole('link', { name: 'Patient', exact: true }).click();
    const banner = page.getByRole('region', { name: 'Medical alerts', exact: true });
    await expect(banner).toBeVisible();
    await expect(banner.locator('.alert-chip.danger')).toHaveText('Allergy: Penicillin (severe: Anaphylaxis)');
    await expect(banner).toContainText('Diabetes');
    await shot(page, `patient-banner-${width}`);

    // A visit note from the default template: its prompts as placeholders.
    await page.getByRole('link', { name: 'Medical history & visit notes' }).click();
    await expect(page.getByRole('combobox', { name: 'Template' })).toBeVisible();
    await page.getByRole('button', { name: 'New note' }).click();
    const editor = page.getByRole('form', { name: 'New visit note' });
    const complaint = editor.getByLabel('Chief complaint');
    await expect(complaint).toHaveAttribute('placeholder', 'What brings the patient in, in their words');
    await complaint.fill('Pain in the lower left back tooth for two days');
    await editor.getByLabel('Examination').fill('36 tender to percussion, deep distal caries');
    await editor.getByLabel('Diagnosis').fill('Irreversible pulpitis 36');
    await editor.getByLabel('Advice').fill('Root canal treatment advised; ibuprofen 400 mg if needed');
    await shot(page, `note-editor-${width}`);
    await editor.getByRole('button', { name: 'Save note' }).click();
    await expectToast(page, 'Visit note saved');

    const card = page.locator('article.note-card').first();
    await expect(card).toContainText('Unsigned draft');
    await expect(card).toContainText('Irreversible pulpitis 36');
    await card.getByRole('button', { name: 'Sign note…' }).click();
    // NOTE-16: signing is irreversible, so it is confirmed in a dialog first.
    await page.getByRole('dialog', { name: 'Sign this note?' }).getByRole('button', { name: 'Sign note' }).click();
    await expectToast(page, 'Note signed');
    await expect(card).toContainText('Signed');
    await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Sign note' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Add addendum' }).click();
    await card.getByRole('textbox', { name: 'Addendum' }).fill('Patient phoned: pain settled with ibuprofen.');
    await card.getByRole('button', { name: 'Save addendum' }).click();
    await expectToast(page, 'Addendum added');
    await expect(card.getByRole('list', { name: 'Addenda' })).toContainText('Patient phoned: pain settled with ibuprofen.');
    await expect(card.getByRole('list', { name: 'Addenda' })).toContainText(`Addendum by ${dentist}`);
    await shot(page, `record-${width}`);

    // What the screen showed is what the server keeps.
    const notes = (await (await page.request.get(`/api/admin/patients/${patient.id}/visit-notes`)).json()) as { signedAt: string | null; addenda: unknown[] }[];
    expect(notes).toHaveLength(1);
    expect(notes[0].signedAt).not.toBeNull();
    expect(notes[0].addenda).toHaveLength(1);

    await page.getByRole('link', { name: 'Clinical summary' }).click();
    await expect(page.getByRole('article', { name: 'Clinical summary' })).toContainText('Penicillin (severe: Anaphylaxis)');
    await shot(page, `summary-${width}`);
  });
}
