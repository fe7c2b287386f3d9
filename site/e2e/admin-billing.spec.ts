import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { InvoiceDetail } from '../../shared/schemas/invoice';
import {
  AUTH_KEY,
  apiCreateInvoice,
  apiCreatePatient,
  animationsDone,
  chooseOption,
  closeDialog,
  expectNoAxeViolations,
  expectToast,
  openNav,
  pickOption,
  pickPatient,
  search,
  signIn,
  uid,
} from './admin-helpers';

// The billing screens (docs/admin.md "Billing"): the invoice form's GST per item and live document
// kind, payments and receipts, cancellation, the billing settings and price list, and the GST report.

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

// The invoice dialog's whole-rupee figures read without decimals (CLINIC-9), as the list's do.
const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Adds the price list's treatment `name` as a line item, until one more item carries its name. */
async function addFromPriceList(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  const descriptions = dialog.getByLabel(/^Item \d+ description$/);
  const itemsNamed = () => descriptions.evaluateAll((inputs, n) => inputs.filter((i) => (i as HTMLInputElement).value === n).length, name);
  const before = await itemsNamed();
  const added = (timeout: number) => expect.poll(itemsNamed, { timeout }).toBe(before + 1);
  // Its options read "name · price · GST rate".
  await pickOption(page, dialog.getByLabel('Add from price list'), new RegExp(`^${name} · `), added, { search: name });
}

async function invoiceRow(page: Page, text: string) {
  await search(page, 'Search invoices', text);
  const row = page.locator('.invoice-row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  return row;
}

async function savedFile(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

test('a mixed exempt and 18% invoice from the price list reads Invoice-cum-Bill of Supply live and once saved', async ({ page }) => {
  test.slow(); // many steps, each waited for; the 2-core machine runs two browsers
  const patient = await apiCreatePatient(page.request, `Mixed${uid()}`);
  await page.goto('/admin/invoices');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await pickPatient(page, dialog.getByLabel('Patient'), patient.firstName);

  // Teeth Whitening: cosmetic, SAC 999722 at 18%, ₹ 8,000: alone it is a Tax Invoice.
  await addFromPriceList(page, 'Teeth Whitening');
  await expect(dialog.getByTestId('invoice-item')).toHaveCount(1);
  await expect(dialog.getByLabel('Item 1 description')).toHaveValue('Teeth Whitening');
  await expect(dialog.getByTestId('invoice-kind')).toHaveText('Tax Invoice');
  await expect(dialog.getByTestId('invoice-cgst-18')).toHaveText(whole.format(720));

  // Teeth Cleaning: health care, exempt: both on one invoice (CGST Rule 46A).
  await addFromPriceList(page, 'Teeth Cleaning');
  await expect(dialog.getByTestId('invoice-item')).toHaveCount(2);
  await expect(dialog.getByTestId('invoice-kind')).toHaveText('Invoice-cum-Bill of Supply');
  await expect(dialog.getByTestId('invoice-subtotal')).toHaveText(whole.format(9500));
  await expect(dialog.getByTestId('invoice-sgst-18')).toHaveText(whole.format(720));
  await expect(dialog.getByTestId('invoice-tax')).toHaveText(whole.format(1440));
  await expect(dialog.getByTestId('invoice-total')).toHaveText(whole.format(10940));
  await expect(dialog.getByTestId('tax-summary')).toContainText('Exempt / nil');

  // A free item stays possible, at its own rate: 5% on ₹ 1,000 adds ₹ 25 + ₹ 25.
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await dialog.getByLabel('Item 3 description').fill('Mouthguard');
  await dialog.getByLabel('Item 3 unit price').fill('1000');
  await chooseOption(page, dialog.getByLabel('Item 3 GST rate'), '5%');
  await expect(dialog.getByTestId('invoice-cgst-5')).toHaveText(whole.format(25));
  await expect(dialog.getByTestId('invoice-total')).toHaveText(whole.format(11990));
  await dialog.getByRole('button', { name: 'Remove item 3' }).click();
  await expect(dialog.getByTestId('invoice-total')).toHaveText(whole.format(10940));
  await expectNoAxeViolations(page);

  const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/invoices') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const invoice = (await answer.json()) as InvoiceDetail;
  expect(invoice).toMatchObject({ kind: 'invoice-cum-bill-of-supply', taxAmount: 1440, totalAmount: 10940 });
  expect(invoice.items.map((i) => [i.sacCode, i.taxRate])).toEqual([
    ['999722', 18],
    ['999312', 0],
  ]);
  await expectToast(page, 'Invoice created');
  await expect(dialog).toBeHidden();

  const row = await invoiceRow(page, invoice.invoiceNumber);
  await row.getByRole('link', { name: `View and print ${invoice.invoiceNumber}` }).click();
  await expect(page.getByTestId('invoice-view-kind')).toHaveText('Invoice-cum-Bill of Supply');
  const sheet = page.frameLocator(`iframe[title="Invoice ${invoice.invoiceNumber}"]`);
  await expect(sheet.locator('body')).toContainText('Invoice-cum-Bill of Supply');
});

test('without a GSTIN the form says Bill of Supply and charges no GST, whatever the rates', async ({ page }) => {
  // The clinic's registration as the form reads it; the demo clinic's real GSTIN stays (the other project).
  await page.route('**/api/admin/site-settings/gstin', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { key: 'gstin', value: null } }) : route.continue(),
  );
  await page.goto('/admin/invoices');
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await addFromPriceList(page, 'Teeth Whitening');
  await expect(dialog.getByTestId('invoice-kind')).toHaveText('Bill of Supply');
  await expect(dialog.getByText('No GSTIN is set in Settings, so no GST is charged: the invoice is a Bill of Supply.')).toBeVisible();
  await expect(dialog.getByTestId('invoice-tax')).toHaveText(whole.format(0));
  await expect(dialog.getByTestId('invoice-total')).toHaveText(whole.format(8000));
  await expect(dialog.getByTestId('tax-summary')).toHaveCount(0);
});

test('a partial UPI payment, then the rest: partially paid, then paid, each with a PDF receipt', async ({ page }) => {
  test.slow(); // many steps, each waited for; the 2-core machine runs two browsers
  const patient = await apiCreatePatient(page.request, `Payer${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id, 10000); // ₹ 11,800.00 with 18%
  await page.goto('/admin/invoices');
  let row = await invoiceRow(page, invoice.invoiceNumber);
  await row.getByRole('link', { name: `View and print ${invoice.invoiceNumber}` }).click();
  await expect(page.getByText('No payments recorded yet.')).toBeVisible();
  await expect(page.getByTestId('invoice-view-balance')).toHaveText('₹ 11,800.00');

  await page.getByRole('button', { name: 'Record Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByLabel('Amount (₹)')).toHaveValue('11800');
  await dialog.getByLabel('Amount (₹)').fill('12000');
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(dialog.getByText('Amount cannot be more than the balance due of ₹ 11,800.00')).toBeVisible();
  await dialog.getByLabel('Amount (₹)').fill('5000');
  await chooseOption(page, dialog.getByLabel('Payment mode'), 'UPI');
  await dialog.getByLabel('Reference (optional)').fill('UTR 410023');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expectToast(page, 'Payment recorded');
  await expect(dialog).toBeHidden();

  const panel = page.locator('.invoice-summary');
  await expect(panel.locator('.badge')).toHaveText('Partially paid');
  await expect(page.getByTestId('invoice-view-balance')).toHaveText('₹ 6,800.00');
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await expect(page.getByTestId('payment-row')).toContainText('UPI');
  await expect(page.getByTestId('payment-row')).toContainText('UTR 410023');
  const receipt = `${invoice.invoiceNumber}-R1`;
  const first = await savedFile(page, () => page.getByRole('button', { name: `Download receipt ${receipt}` }).click());
  expect(first.name).toBe(`receipt-${receipt.replace(/\//g, '-')}.pdf`);
  expect(first.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('link', { name: 'All invoices' }).click();
  row = await invoiceRow(page, invoice.invoiceNumber);
  await expect(row.locator('.badge')).toHaveText('Partially paid');
  await expect(row).toContainText('Balance ₹6,800');
  await chooseOption(page, page.getByLabel('Filter by status'), 'Partially paid');
  await expect(page.locator('.invoice-row').filter({ hasText: invoice.invoiceNumber })).toHaveCount(1);

  await row.getByRole('link', { name: `View and print ${invoice.invoiceNumber}` }).click();
  await page.getByRole('button', { name: 'Record Payment' }).click();
  await expect(dialog.getByLabel('Amount (₹)')).toHaveValue('6800');
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expectToast(page, 'Payment recorded');
  await expect(dialog).toBeHidden();
  await expect(panel.locator('.badge')).toHaveText('Paid');
  await expect(page.getByTestId('invoice-view-balance')).toHaveText('₹ 0.00');
  await expect(page.getByTestId('payment-row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);
  const second = await savedFile(page, () => page.getByRole('button', { name: `Download receipt ${invoice.invoiceNumber}-R2` }).click());
  expect(second.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('Mark Paid on the invoice asks how the patient paid and records the balance as one payment by that mode', async ({ page }) => {
  const patient = await apiCreatePatient(page.request, `Settle${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id, 2000);
  await page.goto(`/admin/invoices/${invoice.id}/print`);
  await page.getByRole('button', { name: 'Mark Paid' }).click();
  // INV-37: the prompt names the amount and the invoice, and takes the mode (cash unless chosen).
  const prompt = page.getByRole('dialog', { name: 'Mark as paid?' });
  await animationsDone(page);
  await expect(prompt).toContainText(`Record a payment of ₹2,360, the balance of invoice ${invoice.invoiceNumber}`);
  await prompt.getByText('UPI', { exact: true }).click();
  await prompt.getByRole('button', { name: 'Mark Paid' }).click();
  await expectToast(page, 'Invoice marked as paid', `A payment of ₹2,360 is recorded; invoice ${invoice.invoiceNumber} is now paid.`);
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await expect(page.getByTestId('payment-row')).toContainText('₹ 2,360.00');
  await expect(page.getByTestId('payment-row')).toContainText('UPI');
});

test('Cancel invoice keeps the number and reads cancelled in the list, the view and the document', async ({ page }) => {
  test.slow(); // many steps and axe on the 2-core machine
  const patient = await apiCreatePatient(page.request, `Void${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  await page.goto('/admin/invoices');
  const row = await invoiceRow(page, invoice.invoiceNumber);
  await row.getByRole('button', { name: `Cancel ${invoice.invoiceNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel invoice?' });
  await expect(dialog).toContainText(`keeps its number ${invoice.invoiceNumber}`);
  await expect(dialog).toContainText('CANCELLED');
  await expect(dialog).toContainText('The invoice is not deleted');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel Invoice' }).click();
  await expectToast(page, 'Invoice cancelled');
  await expect(dialog).toBeHidden();

  await expect(row.locator('.badge')).toHaveText('Cancelled');
  await expect(row).toContainText(invoice.invoiceNumber);
  await expect(row.getByRole('button', { name: 'Mark Paid' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Cancel ${invoice.invoiceNumber}` })).toHaveCount(0);

  await row.getByRole('link', { name: `View and print ${invoice.invoiceNumber}` }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('CANCELLED');
  await expect(page.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel Invoice' })).toHaveCount(0);
  await expect(page.frameLocator(`iframe[title="Invoice ${invoice.invoiceNumber}"]`).locator('body')).toContainText('CANCELLED');
  const stored = (await (await page.request.get(`/api/admin/invoices/${invoice.id}`)).json()) as InvoiceDetail;
  expect(stored).toMatchObject({ invoiceNumber: invoice.invoiceNumber, status: 'cancelled' });
});

test('a receptionist sees no Cancel, no Reports and no Settings', async ({ page }) => {
  // The server refuses them with 403 (api/test/security/roles.test.ts); here the screens hide them.
  const patient = await apiCreatePatient(page.request, `Desk${uid()}`);
  const invoice = await apiCreateInvoice(page.request, patient.id);
  await page.evaluate((key) => {
    const stored = JSON.parse(localStorage.getItem(key)!) as { state: { user: Record<string, unknown> } };
    stored.state.user.role = 'receptionist';
    localStorage.setItem(key, JSON.stringify(stored));
  }, AUTH_KEY);
  await page.route('**/api/auth/me', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { user: Record<string, unknown> };
    await route.fulfill({ response: res, json: { ...body, user: { ...body.user, role: 'receptionist' } } });
  });
  await page.goto('/admin/invoices');
  const row = await invoiceRow(page, invoice.invoiceNumber);
  await expect(row.getByRole('button', { name: 'Mark Paid' })).toBeVisible();
  await expect(row.getByRole('button', { name: `Cancel ${invoice.invoiceNumber}` })).toHaveCount(0);
  await openNav(page);
  await expect(page.getByRole('link', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto(`/admin/invoices/${invoice.id}/print`);
  await expect(page.getByRole('button', { name: 'Record Payment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Invoice' })).toHaveCount(0);
});

test('Settings checks the GSTIN as it is typed and saves it; the UPI ID is checked too', async ({ page }) => {
  test.slow(); // many steps and axe on the 2-core machine
  // The demo clinic's GSTIN stays as it is: the save is answered here, so the other project's invoices
  // keep being issued under it.
  let sent: unknown = null;
  await page.route('**/api/admin/site-settings/gstin', (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    sent = route.request().postDataJSON();
    return route.fulfill({ json: { key: 'gstin', value: (sent as { value: string }).value } });
  });
  await page.goto('/admin/settings');
  const gstin = page.getByRole('textbox', { name: 'GSTIN' });
  await expect(gstin).toHaveValue(/^[0-9A-Z]{15}$/);
  await expect(page.getByText(/Without one it may not charge GST: every invoice is a Bill of Supply/)).toBeVisible();

  await gstin.fill('27AAPFU0939F1ZX');
  await expect(page.getByText('GSTIN check character does not match: please check it for a typing mistake')).toBeVisible();
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  await gstin.fill('99ABCDE1234F1Z');
  await expect(page.getByText('15 characters: state code, PAN, entity number, Z and a check character.')).toBeVisible();
  await gstin.fill('00AAPFU0939F1ZV');
  await expect(page.getByText('GSTIN must start with a valid state code (for example 27 for Maharashtra)')).toBeVisible();
  await page.getByRole('button', { name: 'Save GSTIN' }).click();
  expect(sent).toBeNull();

  await gstin.fill('29aapfu0939f1z r');
  await expect(page.getByText('Valid GSTIN, registered in Karnataka.')).toBeVisible();
  await page.getByRole('button', { name: 'Save GSTIN' }).click();
  await expectToast(page, 'Settings updated');
  expect(sent).toEqual({ value: '29AAPFU0939F1ZR' });

  const upi = page.getByRole('textbox', { name: 'UPI ID' });
  await upi.fill('clinic@');
  await expect(page.getByText('Please enter a valid UPI ID, like clinicname@okicici')).toBeVisible();
  await expectNoAxeViolations(page);
});

// INV-39: the clinic's default Tax Percentage, checked as it is typed and saved on its own; the Create Invoice
// dialog starts at it. The save is answered here (and read back from it), so the other project's dialogs keep 18.
test('Settings saves the default Tax Percentage, and the Create Invoice dialog starts at it', async ({ page }) => {
  let stored: string | null = null;
  let sent: unknown = null;
  await page.route('**/api/admin/site-settings/invoice.defaultTaxPercentage', (route) => {
    if (route.request().method() === 'PUT') {
      sent = route.request().postDataJSON();
      stored = (sent as { value: string }).value || null;
    }
    return route.fulfill({ json: { key: 'invoice.defaultTaxPercentage', value: stored } });
  });
  await page.goto('/admin/settings');
  const field = page.getByRole('textbox', { name: 'Default Tax Percentage' });
  await expect(field).toHaveValue('');
  await expect(page.getByText(/starts with, 18% unless set/)).toBeVisible();
  await field.fill('101');
  await expect(page.getByText('Tax percentage must be a number from 0 to 100, in steps of 0.01')).toBeVisible();
  await page.getByRole('button', { name: 'Save Default Tax Percentage' }).click();
  expect(sent).toBeNull();
  await field.fill('5');
  await page.getByRole('button', { name: 'Save Default Tax Percentage' }).click();
  await expectToast(page, 'Settings updated', 'New invoices start at 5% tax.');
  expect(sent).toEqual({ value: '5' });

  await openNav(page);
  await page.getByRole('link', { name: 'Invoices' }).click();
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  await expect(dialog.getByLabel('Tax Percentage (GST %)')).toHaveValue('5');
  await dialog.getByLabel('Item 1 description').fill('Night guard');
  await dialog.getByLabel('Item 1 unit price').fill('2000');
  await expect(dialog.getByTestId('invoice-total')).toHaveText(whole.format(2100));
});

test('the price list editor adds, edits and removes a treatment, and the invoice form offers it', async ({ page }) => {
  test.slow(); // many steps, each waited for; the 2-core machine runs two browsers
  const name = `Night guard ${uid()}`;
  await page.goto('/admin/settings');
  const panel = page.locator('.price-list-panel');
  await panel.getByRole('button', { name: 'Add Treatment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Treatment' });
  await dialog.getByRole('button', { name: 'Add Treatment' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Treatment').fill(name);
  await dialog.getByLabel('Default price (₹)').fill('2500');
  await chooseOption(page, dialog.getByLabel('GST rate'), '12%');
  await dialog.getByRole('button', { name: 'Add Treatment' }).click();
  await expectToast(page, 'Treatment added');
  await expect(dialog).toBeHidden();
  const row = panel.getByTestId('price-row').filter({ hasText: name });
  await expect(row).toContainText('₹2,500.00');
  await expect(row).toContainText('GST 12%');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Treatment' });
  await expect(edit.getByLabel('Treatment')).toHaveValue(name);
  await edit.getByLabel('Default price (₹)').fill('2750');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Price list updated');
  await expect(edit).toBeHidden();
  await expect(row).toContainText('₹2,750.00');

  await openNav(page);
  await page.getByRole('link', { name: 'Invoices' }).click();
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  await addFromPriceList(page, name);
  const form = page.getByRole('dialog', { name: 'Create Invoice' });
  await expect(form.getByLabel('Item 1 unit price')).toHaveValue('2750');
  await expect(form.getByTestId('invoice-cgst-12')).toHaveText(whole.format(165));
  await closeDialog(form, 'Cancel');

  await openNav(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.locator('.price-list-panel').getByTestId('price-row').filter({ hasText: name }).getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByRole('dialog', { name: 'Remove treatment?' }).getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Treatment removed');
  await expect(page.locator('.price-list-panel').getByTestId('price-row').filter({ hasText: name })).toHaveCount(0);
});

test('the GST report shows the month by rate and downloads its CSV', async ({ page }) => {
  test.slow(); // a download, two months and axe on the 2-core machine
  const patient = await apiCreatePatient(page.request, `Report${uid()}`);
  await apiCreateInvoice(page.request, patient.id, 1000);
  await page.goto('/admin/dashboard');
  await openNav(page);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'GST Report', level: 1 })).toBeVisible();
  for (const rate of [5, 12, 18, 28]) await expect(page.getByTestId(`report-rate-${rate}`)).toBeVisible();
  await expect(page.getByTestId('report-invoices')).not.toHaveText('0');
  await expect(page.getByTestId('report-documents').first()).toContainText(/INV\/\d{4}-\d{2}\/\d{4} to INV\//);

  const month = await page.getByLabel('Month', { exact: true }).evaluate(() => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).formatToParts(new Date());
    return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
  });
  const csv = await savedFile(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
  expect(csv.name).toBe(`gst-report-${month}.csv`);
  const text = csv.bytes.toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('Section,Description,GST rate (%)');
  expect(text).toContain('Taxable supplies');

  // Another month: an earlier one has its own (possibly empty) figures.
  // By keyboard, as on a phone the list's options can sit under the fold of a tapped Select.
  await page.getByLabel('Month', { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Month', { exact: true })).not.toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('report-rate-18')).toBeVisible();
  await expectNoAxeViolations(page);
});
