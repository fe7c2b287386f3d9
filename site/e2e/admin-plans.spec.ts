import { expect, test, type Page } from '@playwright/test';
import { expectToast, signIn, uid } from './admin-helpers';

// PLAN-1..PLAN-12 in a real Chromium: a dentist plans two options from the chart's planned items, the
// patient signs option A on a tablet-sized screen (768 px), the front desk books the first visit from the
// Plans screen and, after it, bills the completed work from the patient's page. The planned items are
// charted through the command bar's API (the chart screen is another session's); the owner signs in,
// being the dentist as well as the desk (CHART-5: the owner may do everything).

async function chartItems(page: Page, patientId: number, command: string): Promise<Record<string, number>> {
  const res = await page.request.post(`/api/admin/patients/${patientId}/chart-commands`, { data: { command } });
  expect(res.status()).toBe(201);
  const { items } = (await res.json()) as { items: { id: number; teeth: string[]; code: string }[] };
  return Object.fromEntries(items.map((i) => [`${i.teeth.join(' ')} ${i.code}`, i.id]));
}

test('a dentist plans two options, the patient signs A on a tablet, the desk books the first visit and bills the completed work @desktop-only', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const tag = uid();
  const created = await page.request.post('/api/admin/patients', { data: { firstName: 'Vaishali', lastName: `Kale ${tag}`, phone: '9822012345', email: `vaishali.${tag}@example.in` } });
  expect(created.status()).toBe(201);
  const patientId = ((await created.json()) as { id: number }).id;
  const items = await chartItems(page, patientId, '36 rct; 36 crown; 15 implant; 14-16 bridge');

  // The dentist: New plan, option A (root canal and crown in visit 1, the implant in visit 2), option B.
  await page.goto(`/admin/patients/${patientId}/plans`);
  await page.getByRole('button', { name: 'New plan' }).click();
  await page.getByLabel('Title').fill('Lower left molar and the gap at 15');
  const optionA = page.getByRole('group', { name: 'Option A' });
  await optionA.getByLabel('36 rct').check();
  await optionA.getByLabel('36 crown').check();
  await optionA.getByLabel('15 implant').check();
  await page.getByLabel('Visit of 15 implant in option A').fill('2');
  await page.getByRole('button', { name: 'Add option B' }).click();
  const optionB = page.getByRole('group', { name: 'Option B' });
  await optionB.getByLabel('36 rct').check();
  await optionB.getByLabel('36 crown').check();
  await optionB.getByLabel('14 15 16 bridge').check();
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expectToast(page, 'Plan saved');
  const card = page.getByRole('article').filter({ hasText: 'Lower left molar and the gap at 15' });
  await expect(card.getByRole('region', { name: 'Option A' })).toContainText('Visit 2');
  await expect(card.getByRole('region', { name: 'Option B' })).toContainText('bridge', { ignoreCase: true });
  await page.screenshot({ path: '/work/shots/plans/plan-1280.png', fullPage: true });

  // The patient, on a tablet: Accept, option A, a signature drawn with the pointer.
  await page.setViewportSize({ width: 768, height: 1024 });
  await card.getByRole('button', { name: 'Accept…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /Option A/ }).check();
  await dialog.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please sign in the box (the signature is missing)');
  const box = (await dialog.getByTestId('signature-canvas').boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (const [dx, dy] of [[80, 40], [140, 130], [220, 50], [300, 140], [380, 70]]) await page.mouse.move(box.x + dx, box.y + dy, { steps: 8 });
  await page.mouse.up();
  await page.screenshot({ path: '/work/shots/plans/sign-768.png' });
  await dialog.getByRole('button', { name: 'Accept and sign' }).click();
  await expectToast(page, 'Plan accepted', 'Option A is accepted and the signed estimate is saved.');
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(card.getByRole('region', { name: 'Option B' })).toContainText('declined');
  await expect(card.getByText('SHA-256')).toBeVisible();
  await page.screenshot({ path: '/work/shots/plans/accepted-768.png', fullPage: true });
  const plans = (await (await page.request.get(`/api/admin/patients/${patientId}/treatment-plans`)).json()) as { id: number; acceptance: { documentHash: string }; options: { total: number; visits: { totalAmount: number }[] }[] }[];
  const verify = await page.request.get(`/verify/${plans[0].acceptance.documentHash}`);
  expect(await verify.json()).toMatchObject({ kind: 'treatment-estimate' });

  // The desk: the Plans screen lists visit 1 to book (60 minutes: two procedures); book it tomorrow.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/treatment-plans');
  const name = `Vaishali Kale ${tag}`;
  const row = page.getByRole('listitem').filter({ hasText: name }).filter({ hasText: 'visit 1' });
  await expect(row).toContainText('60 min');
  await page.screenshot({ path: '/work/shots/plans/to-book-1280.png', fullPage: true });
  await page.getByRole('button', { name: `Book visit 1 for ${name}` }).click();
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' });
  await page.getByLabel('Visit date').fill(tomorrow);
  await page.getByLabel('Visit date').press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Book' }).click();
  await expectToast(page, 'Visit booked');
  await expect(page.getByRole('listitem').filter({ hasText: name }).filter({ hasText: 'visit 1' })).toHaveCount(0);

  // After the visit the dentist marks its work done; the desk bills it from the patient's page.
  for (const key of ['36 rct', '36 crown']) expect((await page.request.patch(`/api/admin/clinical-items/${items[key]}`, { data: { status: 'completed' } })).status()).toBe(200);
  await page.goto(`/admin/patients/${patientId}`);
  await page.getByRole('button', { name: 'Bill completed work' }).click();
  const bill = page.getByRole('dialog', { name: 'Bill completed work' });
  const visitOne = plans[0].options[0].visits[0].totalAmount;
  await expect(bill).toContainText('Root Canal Treatment');
  await expect(bill.getByText('Invoice total')).toBeVisible();
  await bill.getByRole('button', { name: 'Create invoice' }).hover();
  await page.screenshot({ path: '/work/shots/plans/bill-1280.png', animations: 'disabled' });
  await bill.getByRole('button', { name: 'Create invoice' }).click();
  await expectToast(page, 'Invoice created');
  const invoices = (await (await page.request.get(`/api/admin/invoices?q=${encodeURIComponent(tag)}`)).json()) as { totalAmount: number }[];
  expect(invoices[0].totalAmount).toBe(visitOne);

  // The same screens on a phone (looked at: /work/shots/plans/).
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/admin/patients/${patientId}/plans`);
  await expect(page.getByRole('region', { name: 'Option A' })).toContainText('done, billed');
  await page.screenshot({ path: '/work/shots/plans/plans-375.png', fullPage: true });
  await page.goto('/admin/treatment-plans');
  await expect(page.getByRole('heading', { name: 'To book' })).toBeVisible();
  await page.screenshot({ path: '/work/shots/plans/to-book-375.png', fullPage: true });
});
