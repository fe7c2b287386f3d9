import { expect, test, type Page } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { E2E_ADMIN } from '../support/credentials';
import { apiBook, apiCreatePatient, expectToast, search, signIn, toast, uid } from '../admin-helpers';

// SPEC 8's admin failure toasts, SPEC 9's toast region (F8, 5000 ms) and SPEC 4's "at most one visible at a
// time", at 1280 and 375 px.

async function failSignIn(page: Page) {
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function openAppointment(page: Page, first: string) {
  await page.goto('/admin/appointments');
  await page.getByLabel('Search appointments').fill(first);
  await expect(page.getByText('1 appointment found')).toBeVisible();
  return page.locator('.appointment-row');
}

test(spec('SPEC 9', 'toast region focus hotkey F8, auto-close 5000 ms'), async ({ page }) => {
  // The page's clock, stopped and moved by the test.
  await page.clock.install({ time: new Date('2026-11-24T10:00:00+05:30') });
  await page.goto('/admin/login');
  await page.clock.pauseAt(new Date('2026-11-24T10:00:05+05:30'));
  await page.mouse.move(0, 0);
  await failSignIn(page);
  await expect(toast(page)).toHaveCount(1);
  // Closes by itself at 5000 ms, not before.
  await page.clock.runFor(4_800);
  await expect(toast(page)).toHaveCount(1);
  await page.clock.runFor(400);
  await expect(toast(page)).toHaveCount(0);

  // F8 brings the keyboard to the toast.
  await failSignIn(page);
  await expect(toast(page)).toHaveCount(1);
  await page.keyboard.press('F8');
  await expect(toast(page)).toBeFocused();
});

test(spec('SPEC 4', 'Toasts: at most one visible at a time.'), async ({ page }) => {
  await page.goto('/admin/login');
  await failSignIn(page);
  await expectToast(page, 'Login failed', 'Invalid email or password');
  // A second message replaces the first.
  await page.route('**/api/auth/login', (route) => route.abort());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login failed', 'Network error occurred');
  await expect(toast(page)).toHaveCount(1);
});

test(spec('SPEC 8', "Admin mutation failures: destructive toast with a title and the server's message"), async ({ page }) => {
  await signIn(page);
  const first = `Fail${uid()}`;
  const booked = await apiBook(page.request, first);
  const row = await openAppointment(page, first);
  await page.route(`**/api/admin/appointments/${booked.id}`, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 409, json: { error: 'The appointment was changed by someone else.' } }) : route.continue(),
  );
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expectToast(page, 'Error updating status', 'The appointment was changed by someone else.');
  await expect(toast(page)).toHaveClass(/admin-toast-error/);
  // No message of the server's own: "Please try again.".
  await page.unrouteAll();
  await page.route(`**/api/admin/appointments/${booked.id}`, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 503, body: '' }) : route.continue(),
  );
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expectToast(page, 'Error updating status', 'Please try again.');
});

test(spec('SPEC 8', 'Titles: "Error adding patient", "Error updating patient", "Error deleting patient", "Error updating status", "Error cancelling appointment", "Error deleting appointment"'), async ({ page }) => {
  await signIn(page);
  const patient = await apiCreatePatient(page.request, `Err${uid()}`);
  await page.goto('/admin/patients');
  await page.route(
    (url) => url.pathname === '/api/admin/patients',
    (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 409, json: { error: 'A patient with this mobile number already exists' } }) : route.continue()),
  );
  await page.getByRole('button', { name: 'Add Patient' }).click();
  const add = page.getByRole('dialog', { name: 'Add Patient' });
  await add.getByLabel('First Name').fill('Sameer');
  await add.getByLabel('Last Name').fill('Bhosale');
  await add.getByLabel('Mobile').fill('9876543210');
  await add.getByRole('button', { name: 'Add Patient' }).click();
  await expectToast(page, 'Error adding patient', 'A patient with this mobile number already exists');
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
  await search(page, 'Search patients', patient.firstName);
  await page.route(`**/api/admin/patients/${patient.id}`, (route) =>
    ['PUT', 'DELETE'].includes(route.request().method()) ? route.fulfill({ status: 404, json: { error: 'Patient not found' } }) : route.continue(),
  );
  await page.getByRole('button', { name: `Edit ${patient.firstName} ${patient.lastName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Patient' });
  await edit.getByLabel('Address').fill('Spine Road');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Error updating patient', 'Patient not found');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: `Delete ${patient.firstName} ${patient.lastName}` }).click();
  await page.getByRole('dialog', { name: 'Delete patient?' }).getByRole('button', { name: 'Delete Patient' }).click();
  await expectToast(page, 'Error deleting patient', 'Patient not found');

  const first = `ErrAppt${uid()}`;
  const booked = await apiBook(page.request, first);
  const row = await openAppointment(page, first);
  await page.route(`**/api/admin/appointments/${booked.id}**`, (route) =>
    ['PUT', 'PATCH', 'DELETE'].includes(route.request().method()) ? route.fulfill({ status: 404, json: { error: 'Appointment not found' } }) : route.continue(),
  );
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expectToast(page, 'Error updating status', 'Appointment not found');
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await page.getByRole('dialog', { name: 'Cancel appointment?' }).getByRole('button', { name: 'Cancel Appointment' }).click();
  await expectToast(page, 'Error cancelling appointment', 'Appointment not found');
  const ask = page.getByRole('dialog', { name: 'Cancel appointment?' });
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Keep Appointment' }).click();
  await expect(ask).toBeHidden();
  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('dialog', { name: 'Delete appointment permanently?' }).getByRole('button', { name: 'Delete Permanently' }).click();
  await expectToast(page, 'Error deleting appointment', 'Appointment not found');
});
