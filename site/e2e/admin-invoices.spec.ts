import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiCreateInvoice, apiCreatePatient, animationsDone, chooseOption, closeDialog, expectNoAxeViolations, expectToast, pickPatient, search, signIn, stubList, uid } from './admin-helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

const exact = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function invoiceRow(page: Page, text: string) {
  await search(page, 'Search invoices', text);
  const row = page.locator('.invoice-row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  return row;
}

test('creates an invoice with three items whose live totals equal the server figures', async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Gita${uid()}`);
  await page.goto('/admin/invoices');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await expect(dialog.getByLabel('Tax Percentage (GST %)')).toHaveValue('18');
  await expect(dialog.getByLabel('Tax Percentage (GST %)')).toHaveAttribute('step', '0.01');

  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(dialog.getByText('Please select a patient')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();

  await pickPatient(page, dialog.getByLabel('Patient'), patient.firstName);
  await dialog.getByLabel('Item 1 description').fill('Scaling and polishing');
  await dialog.getByLabel('Item 1 unit price').fill('1499.99');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await dialog.getByLabel('Item 2 description').fill('Composite filling');
  await dialog.getByLabel('Item 2 quantity').fill('3');
  await dialog.getByLabel('Item 2 unit price').fill('1250.35');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await dialog.getByLabel('Item 3 description').fill('Teeth whitening');
  await dialog.getByLabel('Item 3 unit price').fill('7999.5');
  await chooseOption(page, dialog.getByLabel('Item 3 SAC code'), '999722 · Cosmetic');
  // Items 1 and 2 are typed by hand (no SAC, no rate): like item 3 they take the tax % (INV-38).
  await dialog.getByLabel('Tax Percentage (GST %)').fill('12.5');
  await dialog.getByLabel('Notes (optional)').fill('Paid by UPI');

  // 1499.99 + 3 x 1250.35 + 7999.50 = 13250.54; 12.5% = 1656.3175 -> 1656.32; total 14906.86
  await expect(dialog.getByTestId('invoice-subtotal')).toHaveText(exact.format(13250.54));
  await expect(dialog.getByTestId('invoice-tax')).toHaveText(exact.format(1656.32));
  await expect(dialog.getByTestId('invoice-total')).toHaveText(exact.format(14906.86));
  await expect(dialog.getByTestId('item-amount').nth(1)).toContainText(exact.format(3751.05));
  const live = {
    subtotal: await dialog.getByTestId('invoice-subtotal').textContent(),
    tax: await dialog.getByTestId('invoice-tax').textContent(),
    total: await dialog.getByTestId('invoice-total').textContent(),
  };

  const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/invoices') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const invoice = (await answer.json()) as { id: number; invoiceNumber: string };
  await expectToast(page, 'Invoice created');

  const server = (await (await page.request.get(`/api/admin/invoices/${invoice.id}`)).json()) as Record<string, number | string>;
  expect(exact.format(Number(server.subtotal))).toBe(live.subtotal);
  expect(exact.format(Number(server.taxAmount))).toBe(live.tax);
  expect(exact.format(Number(server.totalAmount))).toBe(live.total);
  expect(Number(server.taxPercentage)).toBe(12.5);

  const row = await invoiceRow(page, invoice.invoiceNumber);
  await expect(row).toContainText(`${patient.firstName} ${patient.lastName}`);
  await expect(row).toContainText(exact.format(14906.86));
  await expect(row.locator('.badge')).toHaveText('Pending');
  await expect(row.locator('.badge')).toHaveClass(/badge-amber/);
});

test('removing items keeps the last one', async ({ page }) => {
  await page.goto('/admin/invoices');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog.getByTestId('invoice-item')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Remove item 2' }).click();
  await expect(dialog.getByTestId('invoice-item')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
});

test('Mark Paid asks first, then turns the badge green and hides the action', async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Paid${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  await page.goto('/admin/invoices');
  const row = await invoiceRow(page, invoice.invoiceNumber);
  await expect(row.getByRole('button', { name: 'Mark Paid' })).toHaveAccessibleDescription(new RegExp(`^${invoice.invoiceNumber} `));
  // INV-37: one tap asks first; Keep Unpaid records nothing.
  await row.getByRole('button', { name: 'Mark Paid' }).click();
  const prompt = page.getByRole('dialog', { name: 'Mark as paid?' });
  await closeDialog(prompt, 'Keep Unpaid');
  await expect(row.locator('.badge')).not.toHaveText('Paid');
  await row.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(prompt).toBeVisible();
  await animationsDone(page);
  await prompt.getByRole('button', { name: 'Mark Paid' }).click();
  await expectToast(page, 'Invoice marked as paid', `A payment of ₹1,180 is recorded; invoice ${invoice.invoiceNumber} is now paid.`);
  await expect(row.locator('.badge')).toHaveText('Paid');
  await expect(row.locator('.badge')).toHaveClass(/badge-green/);
  await expect(row.getByRole('button', { name: 'Mark Paid' })).toHaveCount(0);
});

test('Download PDF saves invoice-{id}.pdf, a real PDF', async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Pdf${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  await page.goto('/admin/invoices');
  const row = await invoiceRow(page, invoice.invoiceNumber);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download PDF of ${invoice.invoiceNumber}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`invoice-${invoice.id}.pdf`);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('a failed PDF download says Error downloading PDF', async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Nopdf${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  await page.goto('/admin/invoices');
  const row = await invoiceRow(page, invoice.invoiceNumber);
  await page.route(`**/api/admin/invoices/${invoice.id}/pdf`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' }),
  );
  await row.getByRole('button', { name: `Download PDF of ${invoice.invoiceNumber}` }).click();
  await expectToast(page, 'Error downloading PDF', 'Something went wrong');
});

test('Email sends the invoice to the patient', async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Mail${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  await page.goto('/admin/invoices');
  const row = await invoiceRow(page, invoice.invoiceNumber);
  await row.getByRole('button', { name: `Email ${invoice.invoiceNumber} to the patient` }).click();
  await expectToast(page, 'Email sent');
});

// INV-12: a numbered invoice is never erased: Cancel keeps it with its number (admin-billing.spec.ts
// follows it into the view and the document).
test('Cancel says the invoice keeps its number, then the invoice reads cancelled', async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Gone${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  await page.goto('/admin/invoices');
  const row = await invoiceRow(page, invoice.invoiceNumber);
  await row.getByRole('button', { name: `Cancel ${invoice.invoiceNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel invoice?' });
  await expect(dialog).toContainText(invoice.invoiceNumber);
  await expect(dialog).toContainText('keeps its number');
  await dialog.getByRole('button', { name: 'Cancel Invoice' }).click();
  await expectToast(page, 'Invoice cancelled');
  await expect((await invoiceRow(page, invoice.invoiceNumber)).locator('.badge')).toHaveText('Cancelled');
});

test('an invoice whose patient was deleted shows Unknown Patient', async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Orphan${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  expect((await page.request.delete(`/api/admin/patients/${patient.id}`)).status()).toBe(204);
  await page.goto('/admin/invoices');
  const row = await invoiceRow(page, invoice.invoiceNumber);
  await expect(row).toContainText('Unknown Patient');
});

test('the printable view shows the shared invoice layout', async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Print${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id, 2500);
  await page.goto('/admin/invoices');
  const row = await invoiceRow(page, invoice.invoiceNumber);
  await row.getByRole('link', { name: `View and print ${invoice.invoiceNumber}` }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}`, level: 1 })).toBeVisible();
  const sheet = page.frameLocator(`iframe[title="Invoice ${invoice.invoiceNumber}"]`);
  await expect(sheet.locator('body')).toContainText('Tax Invoice');
  await expect(sheet.locator('body')).toContainText(`${patient.firstName} ${patient.lastName}`);
  await expect(sheet.locator('body')).toContainText('₹ 2,950.00');
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('a search for an absent invoice says none match; an empty list says none yet', async ({ page }) => {
  await page.goto('/admin/invoices');
  await search(page, 'Search invoices', `INV-none-${uid()}`);
  await expect(page.getByText('No invoices found matching your search.')).toBeVisible();
  await stubList(page, '/api/admin/invoices', 200);
  await page.reload();
  await expect(page.getByText('No invoices created yet.')).toBeVisible();
});

test('shows 5 skeleton rows while loading', async ({ page }) => {
  await stubList(page, '/api/admin/invoices', 200, 1500);
  await page.goto('/admin/invoices');
  await expect(page.getByRole('status', { name: 'Loading invoices' }).locator('.skeleton-item')).toHaveCount(5);
});

test('a load failure says Unable to load invoices.', async ({ page }) => {
  await stubList(page, '/api/admin/invoices', 500);
  await page.goto('/admin/invoices');
  await expect(page.getByText('Unable to load invoices.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
});

test('the invoices screen and the create dialog pass axe', async ({ page }) => {
  test.slow(); // two axe runs, the dialog's with the GST figures and the price list; slow on the loaded machine
  const patient = await apiCreatePatient(page.request, `Axeinv${uid()}`);
  await apiCreateInvoice(page.request, patient.id);
  await page.goto('/admin/invoices');
  await expect(page.getByRole('list', { name: 'Invoices' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(dialog.getByText('Please select a patient')).toBeVisible();
  await expectNoAxeViolations(page);
});
