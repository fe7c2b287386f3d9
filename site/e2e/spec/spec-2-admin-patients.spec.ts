import { expect, test } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { apiCreatePatient, closeDialog, expectToast, search, signIn, stubList, uid } from '../admin-helpers';

// SPEC 2's Patients screen and SPEC 8's patient messages, at 1280 and 375 px. D43 lets the desk leave a
// patient's email empty; D31 keeps deleting patients to the owner, who signs in here.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

const rows = (page: import('@playwright/test').Page) => page.getByRole('list', { name: 'Patients' }).getByRole('listitem');

test(spec('SPEC 2', 'list with initials avatar, name, email, phone, a Registered date badge, Edit and Delete'), async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Asha${uid()}`, 'Kulkarni');
  await page.goto('/admin/patients');
  await search(page, 'Search patients', patient.firstName);
  const row = rows(page);
  await expect(row).toHaveCount(1);
  await expect(row.locator('.initials')).toHaveText('AK');
  await expect(row).toContainText(`${patient.firstName} Kulkarni`);
  await expect(row).toContainText(`${patient.firstName.toLowerCase()}@example.com`);
  await expect(row).toContainText('+91 98765 43210');
  await expect(row.locator('.badge')).toHaveText(/^Registered \d{2}\/\d{2}\/\d{4}$/);
  await expect(row.getByRole('button', { name: `Edit ${patient.firstName} Kulkarni` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${patient.firstName} Kulkarni` })).toBeVisible();
});

test(spec('SPEC 2', 'search box (name, email or phone)'), async ({ page }) => {
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const first = `Ravi${uid()}`;
  const res = await page.request.post('/api/admin/patients', { data: { firstName: first, lastName: 'Pawar', email: `${first.toLowerCase()}@example.com`, phone } });
  expect(res.status()).toBe(201);
  await page.goto('/admin/patients');
  for (const text of [first.toUpperCase(), `${first.toLowerCase()}@EXAMPLE`, phone.slice(2, 9)]) {
    await search(page, 'Search patients', text);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(`${first} Pawar`);
  }
});

test(spec('SPEC 2', 'count line "N patient(s) found"'), async ({ page }) => {
  // The count with its noun in the right number: "1 patient found", "2 patients found".
  const tag = uid();
  await apiCreatePatient(page.request, `Count${tag}a`);
  await page.goto('/admin/patients');
  await search(page, 'Search patients', `Count${tag}`);
  await expect(page.getByText('1 patient found')).toBeVisible();
  await apiCreatePatient(page.request, `Count${tag}b`);
  await page.reload();
  await search(page, 'Search patients', `Count${tag}`);
  await expect(page.getByText('2 patients found')).toBeVisible();
});

test(spec('SPEC 2', 'loading skeletons (5)'), async ({ page }) => {
  await stubList(page, '/api/admin/patients', 200, 1500);
  await page.goto('/admin/patients');
  await expect(page.getByRole('status', { name: 'Loading patients' }).locator('.skeleton-item')).toHaveCount(5);
});

test(spec('SPEC 2', 'empty texts "No patients found matching your search." or "No patients registered yet."'), async ({ page }) => {
  await page.goto('/admin/patients');
  await search(page, 'Search patients', `nobody-${uid()}`);
  await expect(page.getByText('No patients found matching your search.')).toBeVisible();
  await stubList(page, '/api/admin/patients', 200);
  await page.goto('/admin/patients');
  await expect(page.getByText('No patients registered yet.')).toBeVisible();
});

test(spec('SPEC 2', 'load failure "Unable to load patients." with Try Again (reloads the page)'), async ({ page }) => {
  await stubList(page, '/api/admin/patients', 500);
  await page.goto('/admin/patients');
  await expect(page.getByText('Unable to load patients.')).toBeVisible({ timeout: 15_000 });
  await page.unrouteAll();
  const reload = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await reload;
  await expect(page.getByText('Unable to load patients.')).toHaveCount(0);
});

test(spec('SPEC 8', 'Success toasts: Patient added / updated / deleted', 'D43'), async ({ page }) => {
  const first = `Toast${uid()}`;
  await page.goto('/admin/patients');
  await page.getByRole('button', { name: 'Add Patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Patient' });
  await dialog.getByLabel('First Name').fill(first);
  await dialog.getByLabel('Last Name').fill('Gokhale');
  await dialog.getByLabel('Email').fill(`${first.toLowerCase()}@example.com`);
  await dialog.getByLabel('Mobile').fill('9876543210');
  await dialog.getByRole('button', { name: 'Add Patient' }).click();
  await expectToast(page, 'Patient added');
  await expect(dialog).toBeHidden();

  await search(page, 'Search patients', first);
  await page.getByRole('button', { name: `Edit ${first} Gokhale` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Patient' });
  await edit.getByLabel('Address').fill('Spine Road, Moshi');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Patient updated');
  await expect(edit).toBeHidden();

  await page.getByRole('button', { name: `Delete ${first} Gokhale` }).click();
  await page.getByRole('dialog', { name: 'Delete patient?' }).getByRole('button', { name: 'Delete Patient' }).click();
  await expectToast(page, 'Patient deleted');
  await expect(page.getByText('No patients found matching your search.')).toBeVisible();
});

test(spec('SPEC 8', 'Confirmation prompts: delete patient (names the patient)', 'D19'), async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Nina${uid()}`);
  await page.goto('/admin/patients');
  await search(page, 'Search patients', patient.firstName);
  await page.getByRole('button', { name: `Delete ${patient.firstName} ${patient.lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete patient?' });
  await expect(dialog).toContainText(`Are you sure you want to delete ${patient.firstName} ${patient.lastName}?`);
  await closeDialog(dialog, 'Cancel');
  await expect(rows(page)).toHaveCount(1);
});

test(spec('SPEC 5', 'Patient form: firstName and lastName at least 2, email valid, phone at least 10, same messages as the booking form', 'D43'), async ({ page }) => {
  await page.goto('/admin/patients');
  await page.getByRole('button', { name: 'Add Patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Patient' });
  await dialog.getByLabel('First Name').fill('A');
  await dialog.getByLabel('Last Name').fill('B');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Mobile').fill('12345');
  await dialog.getByRole('button', { name: 'Add Patient' }).click();
  await expect(dialog.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(dialog.getByText('Last name must be at least 2 characters')).toBeVisible();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await expect(dialog.getByText('Phone number must be at least 10 digits')).toBeVisible();
});
