import { expect, test, type TestInfo } from '@playwright/test';
import type { Appointment } from '../../shared/schemas/appointment';
import { expectToast, search, signIn, uid } from './admin-helpers';
import { laterDay } from './support/public-helpers';

// A phone-in patient with no email (PAT-11), booked from New Appointment as a new patient: the booking
// makes their patient record (BOOK-17), and the receptionist finds them in Patients by the mobile typed
// without spaces (PAT-10), with their file number (PAT-12). At 1280 and 375 px.

// Days beyond the public tests' own (laterDay), this project's half.
const dayFor = (testInfo: TestInfo, offset = 0): string => laterDay(testInfo, offset);

test('a phone-in patient without email is booked as a new patient and found in Patients by their mobile typed without spaces', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page);
  const first = `Nomail${uid()}`;
  const digits = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const spaced = `${digits.slice(0, 5)} ${digits.slice(5)}`;
  const date = dayFor(testInfo);

  await page.goto('/admin/appointments');
  await page.getByRole('button', { name: 'New Appointment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Appointment' });
  await expect(dialog).toBeVisible();
  await dialog.getByText('New patient', { exact: true }).click();
  await dialog.locator('#appointment-firstName').fill(first);
  await dialog.locator('#appointment-lastName').fill('Jadhav');
  await dialog.locator('#appointment-phone').fill(spaced);
  await expect(dialog.getByLabel('Email (optional)')).toHaveValue('');
  await dialog.locator('#appointment-date').fill(date);
  await dialog.locator('label.ant-radio-button-wrapper', { hasText: '11:00 AM' }).click();
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expectToast(page, 'Appointment booked', `${first} Jadhav is booked.`);

  const res = await page.request.get(`/api/admin/appointments?q=${encodeURIComponent(first)}`);
  const [booked] = (await res.json()) as Appointment[];
  expect(booked).toMatchObject({ email: null, phone: `+91${digits}`, patientId: expect.any(Number) });

  await page.goto('/admin/patients');
  await search(page, 'Search patients', digits);
  const row = page.locator('.list-row', { hasText: `${first} Jadhav` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/SC-\d{6}/);
  await expect(row).toContainText(`+91 ${spaced}`);
  await expect(page.locator('.list-row')).toHaveCount(1);
  await page.screenshot({ path: `/work/shots/patients/patients-search-${testInfo.project.name}.png`, fullPage: false });

  // Their page shows the file number, no email, and the family panel.
  await row.getByRole('link', { name: `${first} Jadhav` }).click();
  await expect(page.getByRole('heading', { name: `${first} Jadhav` })).toBeVisible();
  await expect(page.getByText(/File No\. SC-\d{6}/)).toBeVisible();
  await expect(page.getByText('No email')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Family' })).toBeVisible();
  await page.screenshot({ path: `/work/shots/patients/patient-page-${testInfo.project.name}.png`, fullPage: true });
});
