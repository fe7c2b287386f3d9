import { expect, test, type Page } from '@playwright/test';
import { apiCreatePatient, expectNoAxeViolations, expectToast, signIn, staffPage, toast, uid } from './admin-helpers';

// INV-40..INV-43 in a real Chromium at 1280 px: a completed, billed 36 composite cannot be invalidated (the
// chart names the invoice); the owner issues a credit note for its line from the invoice's view (lines,
// amount, reason, a confirmation), sees it listed with its PDF; then the dentist invalidates the item.
test.describe.configure({ timeout: 180_000 });

const chartItem = (page: Page, text: string) => page.locator('.chart-list .chart-item').filter({ hasText: text });

async function invalidateOnChart(dentist: Page, text: string, reason: string): Promise<void> {
  await chartItem(dentist, text).getByRole('button', { name: /^Invalidate/ }).click();
  const dialog = dentist.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Invalidate' }).click();
}

test('the owner credits a billed line, then the dentist can invalidate the chart item @desktop-only', async ({ page, browser }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const patient = await apiCreatePatient(page.request, `Credit${uid()}`);
  const dentist = await staffPage(browser, page, 'dentist', 1280);
  const charted = await dentist.request.post(`/api/admin/patients/${patient.id}/chart-commands`, { data: { command: '36 MOD composite done' } });
  expect(charted.status()).toBe(201);
  const [item] = ((await charted.json()) as { items: { id: number }[] }).items;
  const billed = await page.request.post(`/api/admin/patients/${patient.id}/invoice-from-completed`, { data: { itemIds: [item.id] } });
  expect(billed.status()).toBe(201);
  const invoice = (await billed.json()) as { id: number; invoiceNumber: string };

  // The dentist: "wrong tooth", but the work is billed: refused, naming the invoice.
  await dentist.goto(`/admin/patients/${patient.id}/chart`);
  await expect(chartItem(dentist, '36 MOD composite, completed')).toBeVisible({ timeout: 20_000 });
  await invalidateOnChart(dentist, '36 MOD composite, completed', 'Wrong tooth: it was 46');
  await expectToast(dentist, 'Unable to invalidate', new RegExp(`billed on invoice ${invoice.invoiceNumber.replace(/\//g, '\\/')}`));
  await dentist.screenshot({ path: test.info().outputPath('chart-billed-409-1280.png') });
  await dentist.getByRole('dialog').getByRole('button', { name: 'Keep' }).click();
  await expect(chartItem(dentist, '36 MOD composite, completed')).toBeVisible();

  // The owner: the invoice's view, Issue Credit Note, the line, a reason, Review, then confirm.
  await page.goto(`/admin/invoices/${invoice.id}/print`);
  await page.getByRole('button', { name: 'Issue Credit Note' }).click();
  const dialog = page.getByRole('dialog', { name: `Issue credit note against ${invoice.invoiceNumber}` });
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose at least one invoice line to credit');
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByLabel('Reason').fill('Charted on the wrong tooth (36 for 46)');
  await page.screenshot({ path: test.info().outputPath('credit-note-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Issue this credit note?' });
  await expect(confirm).toContainText(invoice.invoiceNumber);
  await expect(confirm).toContainText('cannot be changed or withdrawn');
  await confirm.getByRole('button', { name: 'Issue Credit Note' }).click();
  await expectToast(page, 'Credit note issued', /CN\/\d{4}-\d{2}\/\d{4}/);

  const notes = page.getByRole('region', { name: 'Credit notes' });
  const row = notes.getByTestId('credit-note-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Charted on the wrong tooth (36 for 46)');
  const number = (await row.locator('strong').first().textContent())!;
  expect(number).toMatch(/^CN\/\d{4}-\d{2}\/\d{4}$/);
  // The whole invoice is credited: nothing more to credit, nothing to pay.
  await expect(page.getByRole('button', { name: 'Issue Credit Note' })).toHaveCount(0);
  await expect(page.getByTestId('invoice-view-balance')).toHaveText('₹ 0.00');
  await toast(page).getByRole('button', { name: /close/i }).click().catch(() => undefined);
  await page.screenshot({ path: test.info().outputPath('credit-notes-panel-1280.png'), fullPage: false });
  await expectNoAxeViolations(page);

  // Its PDF, from the row.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download credit note ${number}` }).click();
  expect((await download).suggestedFilename()).toBe(`credit-note-${number.replace(/\//g, '-')}.pdf`);

  // The dentist, again: the line is reversed, so the item can now be invalidated.
  await dentist.reload();
  await expect(chartItem(dentist, '36 MOD composite, completed')).toBeVisible({ timeout: 20_000 });
  await invalidateOnChart(dentist, '36 MOD composite, completed', 'Wrong tooth: it was 46');
  await expectToast(dentist, 'Item invalidated');
  await expect(chartItem(dentist, '36 MOD composite, completed')).toHaveCount(0);

  // The owner's GST report for this month lists the credit note as a reduction (its own month: today's).
  await page.goto('/admin/reports');
  const credits = page.getByRole('region', { name: 'Credit notes this month' }).first();
  await expect(credits.getByTestId('report-credit-note').filter({ hasText: number })).toContainText(invoice.invoiceNumber);
});
