import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiCreateInvoice, apiCreatePatient, expectNoAxeViolations, expectToast, signIn, uid } from './admin-helpers';

// DATA-2, DATA-3, DATA-7: the owner exports a patient's data from their page, then erases them after typing ERASE.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("exports a patient's data as JSON, then erases them after ERASE is typed", async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Meera${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  await page.goto(`/admin/patients/${patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${patient.firstName} ${patient.lastName}` })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data' }).click()]);
  expect(download.suggestedFilename()).toBe(`patient-${patient.id}.json`);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.patient.email).toBe(patient.email);
  expect(data.invoices[0].invoiceNumber).toBe(invoice.invoiceNumber);

  await page.getByRole('button', { name: 'Erase patient…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase patient?' });
  await expect(dialog).toContainText('invoice number, dates, amounts and the name as issued, as GST law requires');
  const confirm = dialog.getByRole('button', { name: 'Erase Patient' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type ERASE to confirm').fill('erase');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type ERASE to confirm').fill('ERASE');
  await expectNoAxeViolations(page);
  await confirm.click();
  await expectToast(page, 'Patient erased');
  await expect(page).toHaveURL(/\/admin\/patients$/);

  const after = await page.request.get(`/api/admin/patients/${patient.id}`);
  expect(await after.json()).toMatchObject({ firstName: 'Erased', lastName: 'patient', email: '' });
});
