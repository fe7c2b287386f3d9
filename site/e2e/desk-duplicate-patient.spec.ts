import { expect, test } from '@playwright/test';
import { apiCreatePatient, expectToast, signIn, uid } from './admin-helpers';

// PAT-18: Add Patient with the mobile and first name of a patient on file is refused; the dialog names the
// record and offers to open it ("Open Aarav Patil (SC-000001)") or to add the new one anyway.

async function openAddPatient(page: import('@playwright/test').Page, firstName: string) {
  await page.goto('/admin/patients');
  await page.getByRole('button', { name: 'Add Patient' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Patient' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First Name').fill(firstName);
  await dialog.getByLabel('Last Name').fill('Testpatient');
  await dialog.getByLabel('Mobile').fill('+91 98765 43210'); // apiCreatePatient's mobile, spelt another way
  await dialog.getByRole('button', { name: 'Add Patient' }).click();
  return dialog;
}

test('names the patient on file and opens their record', async ({ page }, testInfo) => {
  await signIn(page);
  const name = `Dupe${uid()}`;
  const existing = await apiCreatePatient(page.request, name);
  const dialog = await openAddPatient(page, name);
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(`${name} Testpatient (${existing.fileNumber}) is already registered with this mobile number and first name.`);
  const open = dialog.getByRole('button', { name: `Open ${name} Testpatient (${existing.fileNumber})` });
  await expect(open).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add anyway' })).toBeVisible();
  // On a phone the dialog is scrolled to its button: the prompt comes into view with its first choice focused.
  await expect(open).toBeFocused();
  await expect(open).toBeInViewport();
  const box = (await dialog.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.screenshot({ path: testInfo.outputPath(`duplicate-${page.viewportSize()!.width}.png`) });
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/admin/patients/${existing.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  const found = (await (await page.request.get(`/api/admin/patients?q=${name}`)).json()) as unknown[];
  expect(found).toHaveLength(1);
});

test('adds a second record when the desk says Add anyway', async ({ page }) => {
  await signIn(page);
  const name = `Twin${uid()}`;
  await apiCreatePatient(page.request, name);
  const dialog = await openAddPatient(page, name);
  await dialog.getByRole('button', { name: 'Add anyway' }).click();
  await expectToast(page, 'Patient added', `${name} Testpatient has been added.`);
  await expect(dialog).toBeHidden();
  const found = (await (await page.request.get(`/api/admin/patients?q=${name}`)).json()) as unknown[];
  expect(found).toHaveLength(2);
});
