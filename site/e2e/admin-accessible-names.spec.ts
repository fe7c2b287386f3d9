import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiBook, apiCreateInvoice, apiCreatePatient, openNav, search, signIn, uid } from './admin-helpers';

// WCAG 2.5.3 (Label in Name, A11Y-6): a control's accessible name contains the words it shows, so speech
// control ("click Mark Paid") and role-and-name lookups find it. A row's context (which patient, which
// invoice) may follow the words in the name or sit in the description, never replace them.

/**
 * Every visible button (and button-styled link) in `scope` that shows words: its accessible name contains
 * them (Playwright's name match: case-insensitive, spaces normalised, a substring).
 */
async function expectNamesContainTheirWords(page: Page, scope: Locator, where: string): Promise<number> {
  const controls = await scope.locator('button, [role="button"], a.ant-btn').evaluateAll((elements) =>
    elements
      .map((el, i) => {
        const box = el.getBoundingClientRect();
        const shown = box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        el.setAttribute('data-name-probe', String(i));
        return {
          probe: String(i),
          role: el.tagName === 'A' ? 'link' : 'button',
          words: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
          shown,
        };
      })
      .filter((c) => c.shown && c.words !== ''),
  );
  for (const c of controls) {
    const named = scope.getByRole(c.role as 'button' | 'link', { name: c.words }).and(page.locator(`[data-name-probe="${c.probe}"]`));
    await expect(named, `${where}: the ${c.role} showing "${c.words}" has a name without those words`).toHaveCount(1);
  }
  return controls.length;
}

test('every admin action shows the words its accessible name contains', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectNamesContainTheirWords(page, page.locator('body'), 'sign-in');

  await signIn(page);
  const patient = await apiCreatePatient(page.request, `Names${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  const first = `Names${uid()}`;
  const booked = await apiBook(page.request, first);
  // A completed appointment shows Send Follow-up.
  for (const status of ['confirmed', 'completed']) {
    expect((await page.request.put(`/api/admin/appointments/${booked.id}`, { data: { status } })).ok()).toBe(true);
  }
  const main = page.locator('main');
  let checked = 0;
  for (const [path, ready] of [
    ['/admin/dashboard', 'Recent Appointments'],
    ['/admin/patients', 'patients? found'],
    ['/admin/appointments', 'appointments? found'],
    ['/admin/invoices', 'invoices? found'],
    ['/admin/blog-admin', 'posts? found'],
    ['/admin/gallery-admin', 'images? found'],
    ['/admin/settings', 'Doctor Profile Picture'],
    ['/admin/reports', 'Taxable supplies by rate'],
    [`/admin/invoices/${invoice.id}/print`, 'No payments recorded yet.'],
  ] as const) {
    await page.goto(path);
    await expect(main.getByText(new RegExp(ready)).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    checked += await expectNamesContainTheirWords(page, page.locator('body'), path);
  }

  // Every status's actions: the upcoming appointments, then all dates, then the one completed above.
  await page.goto('/admin/appointments');
  await page.getByText('All dates').click();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  checked += await expectNamesContainTheirWords(page, main, 'appointments, all dates');
  await search(page, 'Search appointments', first);
  await expect(main.getByRole('button', { name: 'Send Follow-up' })).toHaveCount(1);
  checked += await expectNamesContainTheirWords(page, main, 'a completed appointment');
  await main.getByRole('button', { name: 'Send Follow-up' }).click();
  checked += await expectNamesContainTheirWords(page, page.getByRole('dialog'), 'follow-up dialog');

  // The dialogs and prompts.
  const dialogs: [string, string, string][] = [
    ['/admin/patients', 'Add Patient', 'Add Patient'],
    ['/admin/invoices', 'Create Invoice', 'Create Invoice'],
    ['/admin/blog-admin', 'New Post', 'New Blog Post'],
    ['/admin/gallery-admin', 'Add Image', 'Add Image'],
    ['/admin/settings', 'Add Treatment', 'Add Treatment'],
    [`/admin/invoices/${invoice.id}/print`, 'Record Payment', 'Record payment'],
  ];
  for (const [path, opener, title] of dialogs) {
    await page.goto(path);
    await page.getByRole('button', { name: opener }).first().click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    checked += await expectNamesContainTheirWords(page, dialog, `${title} dialog`);
  }
  await page.goto('/admin/invoices');
  await main.getByRole('button', { name: /^Cancel INV/ }).first().click();
  checked += await expectNamesContainTheirWords(page, page.getByRole('dialog', { name: 'Cancel invoice?' }), 'cancel prompt');

  await page.goto('/admin/dashboard');
  await openNav(page);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  checked += await expectNamesContainTheirWords(page, page.locator('body'), 'navigation');
  // The check looked at real controls, not at an empty page.
  expect(checked).toBeGreaterThan(40);
});
