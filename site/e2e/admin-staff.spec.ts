import { expect, test, type Page } from '@playwright/test';
import { chooseOption, expectNoAxeViolations, expectToast, isMobile, signIn, uid } from './admin-helpers';

// ROLE and AUDIT in the browser: the owner adds a receptionist with a temporary password; the receptionist
// signs in, is made to change it, then sees no Settings, Staff or Audit Trail and is refused the owner's
// routes; the owner finds the receptionist's actions in the Audit Trail. Both sizes; axe on each screen.

async function openMenu(page: Page) {
  if (isMobile(page)) await page.getByRole('button', { name: 'Open menu' }).click();
}

test('an owner adds a receptionist, who must change the temporary password and can do only front-desk work', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const tag = uid();
  const name = `Rekha ${tag}`;
  const email = `rekha.${tag}@clinic.test`;
  const temporary = `temp-${tag}-2026`;
  const own = `own-${tag}-secret`;

  // The owner adds the receptionist.
  await signIn(page);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Temporary Password').fill(temporary);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add Staff Member' }).click();
  await expectToast(page, 'Staff member added');
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Receptionist')).toBeVisible();
  await expect(row.getByText('Temporary password')).toBeVisible();
  await expectNoAxeViolations(page);

  // The receptionist signs in (another browser) and is sent to the change-password screen.
  const use = testInfo.project.use;
  const context = await browser.newContext({ baseURL: use.baseURL, viewport: use.viewport, isMobile: use.isMobile, hasTouch: use.hasTouch, userAgent: use.userAgent, deviceScaleFactor: use.deviceScaleFactor });
  const desk = await context.newPage();
  try {
    await desk.goto('/admin/login');
    await desk.getByLabel('Email').fill(email);
    await desk.getByLabel('Password', { exact: true }).fill(temporary);
    await desk.getByRole('button', { name: 'Sign In' }).click();
    await expect(desk.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    // Nothing else opens meanwhile.
    const refused = await desk.request.get('/api/admin/patients');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Please change your password' });
    await expectNoAxeViolations(desk);
    await desk.getByLabel('Current Password').fill(temporary);
    await desk.getByLabel(/^New Password/).fill(own);
    await desk.getByLabel('Confirm New Password').fill(own);
    await desk.getByRole('button', { name: 'Save and Continue' }).click();
    await expectToast(desk, 'Password changed');
    await expect(desk.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // Front-desk work only: no Settings, Staff or Audit Trail, and the server refuses them.
    await openMenu(desk);
    await expect(desk.getByRole('link', { name: 'Patients' })).toBeVisible();
    await expect(desk.getByRole('link', { name: 'My Account' })).toBeVisible();
    for (const hidden of ['Settings', 'Staff', 'Audit Trail']) await expect(desk.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    for (const path of ['/api/admin/users', '/api/admin/audit', '/api/admin/reports/gst']) expect((await desk.request.get(path)).status(), path).toBe(403);
    expect((await desk.request.put('/api/admin/site-settings/upi_id', { data: { value: 'x@okaxis' } })).status()).toBe(403);
    const patient = await desk.request.post('/api/admin/patients', {
      // A mobile of her own each run: the same mobile and first name again is the same patient (PAT-18, 409).
      data: { firstName: 'Asha', lastName: `Audited${tag}`, email: `asha.${tag}@example.com`, phone: `98${String(Date.now()).slice(-8)}`, address: 'Moshi, Pune' },
    });
    expect(patient.status()).toBe(201);

    // My Account: the sessions list marks this one.
    await desk.goto('/admin/account');
    await expect(desk.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
    await expect(desk.getByRole('list', { name: 'My sessions' }).getByText('This session')).toBeVisible();
    await expectNoAxeViolations(desk);

    // An owner's screen reached by its address says whose it is: no form, no failed load (AUTH-8).
    const ownersScreens: [string, string, string][] = [
      ['/admin/settings', 'Settings', "Only the owner can change the clinic's settings."],
      ['/admin/staff', 'Staff', 'Only the owner can manage staff accounts.'],
      ['/admin/reports', 'Reports', 'Only the owner can see the reports.'],
      ['/admin/audit', 'Audit Trail', 'Only the owner can read the audit trail.'],
    ];
    for (const [path, title, message] of ownersScreens) {
      await desk.goto(path);
      await expect(desk.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(desk.getByText(message)).toBeVisible();
      await expect(desk.getByRole('button', { name: /Save|Try Again/ })).toHaveCount(0);
    }
  } finally {
    await context.close();
  }

  // The owner reads the receptionist's actions in the Audit Trail.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  await chooseOption(page, page.getByRole('combobox', { name: 'Person' }), name, { search: name });
  const trail = page.getByRole('list', { name: 'Audit trail' });
  // ADMIN-25: each row is a sentence an owner reads.
  await expect(trail.getByText(`${name} added the patient Asha Audited${tag}`)).toBeVisible();
  await expect(trail.getByText(`${name} changed their password`, { exact: true })).toBeVisible();
  await expect(trail.getByText(`${name} signed in`, { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the owner resets a password, changes a role, disables and enables an account from the Staff screen @desktop-only', async ({ page }) => {
  const tag = uid();
  const name = `Sunil ${tag}`;
  await signIn(page);
  const created = await page.request.post('/api/admin/users', { data: { email: `sunil.${tag}@clinic.test`, name, role: 'receptionist', password: `temp-${tag}-2026` } });
  expect(created.status()).toBe(201);
  await page.goto('/admin/staff');
  const row = page.getByRole('listitem').filter({ hasText: name });

  await row.getByRole('button', { name: `Reset password of ${name}` }).click();
  const reset = page.getByRole('dialog', { name: `Reset Password: ${name}` });
  await reset.getByLabel('New Temporary Password').fill('short');
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(reset.getByText('Password must be at least 10 characters')).toBeVisible();
  await reset.getByLabel('New Temporary Password').fill(`again-${tag}-2026`);
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Password reset');
  await expect(reset).toBeHidden();

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Staff Member' });
  await chooseOption(page, edit.getByRole('combobox', { name: 'Role' }), 'Owner');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Staff member updated');
  await expect(edit).toBeHidden();
  await expect(row.getByText('Owner', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Disable ${name}` }).click();
  await expectNoAxeViolations(page);
  const disable = page.getByRole('dialog', { name: `Disable ${name}?` });
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expectToast(page, 'Staff member disabled');
  await expect(disable).toBeHidden();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Enable ${name}` }).click();
  await expectToast(page, 'Staff member enabled');
  await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);
});
