import { expect, test, type Page } from '@playwright/test';
import { addDays, clinicToday } from '../../shared/domain/clinic-time';
import { animationsDone, expectNoAxeViolations, expectToast, signIn, staffPage, uid } from './admin-helpers';

// PLAN-1..PLAN-17 in a real Chromium, each step by the role that does it: a dentist plans from the chart,
// changes a plan and records sittings; the patient signs on the dentist's tablet (768 px); a receptionist
// books visits and bills the completed work; the owner makes the staff accounts and reads the
// case-acceptance report. Each test signs in new accounts (password hashing) and walks many screens.
test.describe.configure({ timeout: 240_000 });

async function chartItems(page: Page, patientId: number, command: string): Promise<Record<string, number>> {
  const res = await page.request.post(`/api/admin/patients/${patientId}/chart-commands`, { data: { command } });
  expect(res.status()).toBe(201);
  const { items } = (await res.json()) as { items: { id: number; teeth: string[]; code: string }[] };
  return Object.fromEntries(items.map((i) => [`${i.teeth.join(' ')} ${i.code}`, i.id]));
}

async function newPatient(page: Page, firstName: string, tag: string): Promise<number> {
  const created = await page.request.post('/api/admin/patients', { data: { firstName, lastName: `Kale ${tag}`, phone: '9822012345', email: `${firstName.toLowerCase()}.${tag}@example.in` } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Draws a signature in the dialog's box with the pointer, as a finger on a tablet does. */
async function sign(page: Page): Promise<void> {
  const canvas = page.getByRole('dialog').getByTestId('signature-canvas');
  await expect(canvas).toBeVisible();
  // The dialog zooms in: a stroke drawn while it moves lands beside the box.
  await animationsDone(page);
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (const [dx, dy] of [[80, 40], [140, 130], [220, 50], [300, 140], [380, 70]]) await page.mouse.move(box.x + dx, box.y + dy, { steps: 8 });
  await page.mouse.up();
}

/**
 * A day the clinic is open with 11:00 free (the booking dialog's first choice), from the server's own clock
 * (its Date header) and its availability answers: never the machine's clock.
 */
async function openDay(page: Page): Promise<string> {
  const res = await page.request.get('/api/appointments/rules');
  const today = clinicToday(new Date(res.headers()['date']));
  for (let n = 1; n <= 30; n++) {
    const day = addDays(today, n);
    const answer = (await (await page.request.get(`/api/appointments/availability?date=${day}`)).json()) as { closed: boolean; slots: { time: string; available: boolean }[] };
    if (!answer.closed && answer.slots.some((s) => s.time === '11:00' && s.available)) return day;
  }
  throw new Error('no open day with 11:00 free in the next 30 days');
}

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

test('a dentist plans two options, the patient signs A on a tablet, the desk books the first visit, the dentist records its sittings, the desk bills them and the owner reads the report @desktop-only', async ({ page, browser }) => {
  await signIn(page);
  const tag = uid();
  const dentistName = `Dr. Kulkarni ${tag}`;
  const dentist = await staffPage(browser, page, 'dentist', 1280, dentistName);
  const desk = await staffPage(browser, page, 'receptionist', 1280);
  const patientId = await newPatient(page, 'Vaishali', tag);
  await chartItems(dentist, patientId, '36 rct; 36 crown; 15 implant; 14-16 bridge');

  // The dentist: New plan, option A (root canal and crown in visit 1, the implant in visit 2), option B.
  await dentist.goto(`/admin/patients/${patientId}/plans`);
  await dentist.getByRole('button', { name: 'New plan' }).click();
  await dentist.getByLabel('Title').fill('Lower left molar and the gap at 15');
  const optionA = dentist.getByRole('group', { name: 'Option A' });
  await optionA.getByLabel('36 rct').check();
  await optionA.getByLabel('36 crown').check();
  await optionA.getByLabel('15 implant').check();
  await dentist.getByLabel('Visit of 15 implant in option A').fill('2');
  await dentist.getByRole('button', { name: 'Add option B' }).click();
  const optionB = dentist.getByRole('group', { name: 'Option B' });
  await optionB.getByLabel('36 rct').check();
  await optionB.getByLabel('36 crown').check();
  await optionB.getByLabel('14 15 16 bridge').check();
  await dentist.getByRole('button', { name: 'Save plan' }).click();
  await expectToast(dentist, 'Plan saved');
  const card = dentist.getByRole('article').filter({ hasText: 'Lower left molar and the gap at 15' });
  await expect(card.getByRole('region', { name: 'Option A' })).toContainText('Visit 2');
  await expect(card.getByRole('region', { name: 'Option B' })).toContainText('bridge', { ignoreCase: true });

  // The patient, on the dentist's tablet: Accept, option A, a signature drawn with the pointer.
  await dentist.setViewportSize({ width: 768, height: 1024 });
  await card.getByRole('button', { name: 'Accept…' }).click();
  const dialog = dentist.getByRole('dialog');
  await dialog.getByRole('radio', { name: /Option A/ }).check();
  await dialog.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please sign in the box (the signature is missing)');
  await sign(dentist);
  await dialog.getByRole('button', { name: 'Accept and sign' }).click();
  await expectToast(dentist, 'Plan accepted', 'Option A is accepted and the signed estimate is saved.');
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(card.getByRole('region', { name: 'Option B' })).toContainText('declined');
  await expect(card.getByText('SHA-256')).toBeVisible();
  const plans = (await (await dentist.request.get(`/api/admin/patients/${patientId}/treatment-plans`)).json()) as { id: number; acceptance: { documentHash: string }; options: { total: number; visits: { totalAmount: number }[] }[] }[];
  const verify = await dentist.request.get(`/verify/${plans[0].acceptance.documentHash}`);
  expect(await verify.json()).toMatchObject({ kind: 'treatment-estimate' });
  await dentist.setViewportSize({ width: 1280, height: 900 });

  // The receptionist: the Plans screen lists visit 1 to book (60 minutes: two procedures); book it on the
  // first open day after the server's today.
  await desk.goto('/admin/treatment-plans');
  const name = `Vaishali Kale ${tag}`;
  const row = desk.getByRole('listitem').filter({ hasText: name }).filter({ hasText: 'visit 1' });
  await expect(row).toContainText('60 min');
  await desk.getByRole('button', { name: `Book visit 1 for ${name}` }).click();
  const day = await openDay(desk);
  await desk.getByLabel('Visit date').fill(ddmmyyyy(day));
  await desk.getByLabel('Visit date').press('Enter');
  await desk.getByRole('dialog').getByRole('button', { name: 'Book' }).click();
  await expectToast(desk, 'Visit booked');
  await expect(desk.getByRole('listitem').filter({ hasText: name }).filter({ hasText: 'visit 1' })).toHaveCount(0);

  // At the visit the dentist records its sittings from the plan's card: the root canal's first sitting,
  // then its last; the crown in one.
  await dentist.reload();
  const accepted = card.getByRole('region', { name: 'Option A' });
  await accepted.getByRole('button', { name: /^Record sitting 1 of .*Root Canal.* 36$/i }).click();
  const sitting = dentist.getByRole('dialog', { name: /^Sitting 1: .*Root Canal/i });
  await sitting.getByLabel('Note (optional)').fill('Access and shaping');
  await sitting.getByRole('button', { name: 'Record sitting' }).click();
  await expectToast(dentist, 'Sitting 1 recorded', /continues at the next sitting\.$/);
  await expect(accepted).toContainText('1 sitting');
  await expect(card.getByText('In progress', { exact: true })).toBeVisible();
  await accepted.getByRole('button', { name: /^Record sitting 2 of .*Root Canal.* 36$/i }).click();
  const last = dentist.getByRole('dialog', { name: /^Sitting 2: .*Root Canal/i });
  await last.getByLabel('This is the last sitting: the work is completed').check();
  await expect(last).toContainText('This sitting completes the item: it becomes billable.');
  await last.getByRole('button', { name: 'Record sitting' }).click();
  await expectToast(dentist, 'Sitting 2 recorded', /is completed and ready to bill\.$/);
  await accepted.getByRole('button', { name: /^Record sitting 1 of .*Crown.* 36$/ }).click();
  await dentist.getByRole('dialog').getByLabel('This is the last sitting: the work is completed').check();
  await dentist.getByRole('dialog').getByRole('button', { name: 'Record sitting' }).click();
  await expectToast(dentist, 'Sitting 1 recorded');
  await expect(accepted.getByText('done', { exact: false })).toHaveCount(2);
  // A dentist does not bill: the button is the desk's.
  await expect(dentist.getByRole('button', { name: 'Bill completed work' })).toHaveCount(0);

  // The receptionist bills the completed work from the patient's page: visit 1's total, to the paisa.
  await desk.goto(`/admin/patients/${patientId}`);
  await desk.getByRole('button', { name: 'Bill completed work' }).click();
  const bill = desk.getByRole('dialog', { name: 'Bill completed work' });
  await expect(bill).toContainText(/Root Canal/i);
  await expect(bill.getByText('Invoice total')).toBeVisible();
  await bill.getByRole('button', { name: 'Create invoice' }).click();
  await expectToast(desk, 'Invoice created');
  const invoices = (await (await desk.request.get(`/api/admin/invoices?q=${encodeURIComponent(tag)}`)).json()) as { totalAmount: number }[];
  expect(invoices[0].totalAmount).toBe(plans[0].options[0].visits[0].totalAmount);
  await dentist.reload();
  await expect(card.getByRole('region', { name: 'Option A' })).toContainText('done, billed');

  // The owner: Reports, Case acceptance: this dentist proposed one plan and it was accepted, with the CSV.
  await page.goto('/admin/reports');
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Case acceptance' }).click();
  await expect(page.getByRole('heading', { name: 'Case acceptance', level: 1 })).toBeVisible();
  const dentistRow = page.getByTestId('case-dentist').filter({ hasText: dentistName });
  await expect(dentistRow.locator('td').nth(0)).toHaveText('1');
  await expect(dentistRow.locator('td').nth(2)).toHaveText('1');
  await expect(dentistRow.locator('td').nth(5)).toHaveText('100%');
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^case-acceptance-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const csv = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toBe('Month,Dentist,Plans proposed,Rupees proposed,Plans accepted,Rupees accepted,Plans declined,Accepted %');
  expect(csv).toContain(`,${dentistName},1,`);
  // The desk does not read the owner's reports.
  await desk.goto('/admin/reports/case-acceptance');
  await expect(desk.getByText(/Only the owner/)).toBeVisible();
});

test('a dentist changes an accepted plan into version 2 which the patient signs again, an option is declined with its reason, and sittings tooth by tooth make a bridge billable @desktop-only', async ({ page, browser }, testInfo) => {
  await signIn(page);
  const tag = uid();
  const dentist = await staffPage(browser, page, 'dentist', 1280);
  const desk = await staffPage(browser, page, 'receptionist', 1280);
  const patientId = await newPatient(page, 'Rohini', tag);
  const items = await chartItems(dentist, patientId, '24-26 bridge; 25 implant; 46 rct');
  const made = await dentist.request.post(`/api/admin/patients/${patientId}/treatment-plans`, {
    data: {
      title: 'Upper left gap',
      options: [
        { name: 'A', itemIds: [items['24 25 26 bridge'], items['46 rct']] },
        { name: 'B', itemIds: [items['25 implant'], items['46 rct']] },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const planId = ((await made.json()) as { id: number }).id;

  // The desk: the patient declines option B, with a reason; the dialog is the confirmation.
  await desk.goto(`/admin/patients/${patientId}/plans`);
  const deskCard = desk.getByRole('article').filter({ hasText: 'Upper left gap' });
  await deskCard.getByRole('button', { name: 'Decline…' }).click();
  const decline = desk.getByRole('dialog', { name: 'Decline: Upper left gap' });
  await expect(decline.getByRole('button', { name: 'Decline the plan' })).toBeVisible();
  await decline.getByRole('radio', { name: /Only option B/ }).check();
  await decline.getByLabel('Reason (optional)').fill('Does not want surgery');
  await decline.getByRole('button', { name: 'Decline option B' }).click();
  await expectToast(desk, 'Option B declined', 'The other options are still proposed.');
  await expect(deskCard.getByRole('region', { name: 'Option B' })).toContainText('Declined: Does not want surgery');
  await expect(deskCard.getByText('Proposed', { exact: true })).toBeVisible();
  // A receptionist does not change plans.
  await expect(deskCard.getByRole('button', { name: 'Change…' })).toHaveCount(0);

  // The patient signs option A (the declined B is not offered).
  await dentist.goto(`/admin/patients/${patientId}/plans`);
  const card = dentist.getByRole('article').filter({ hasText: 'Upper left gap' });
  await card.getByRole('button', { name: 'Accept…' }).click();
  await expect(dentist.getByRole('dialog').getByRole('radio')).toHaveCount(1);
  await sign(dentist);
  await dentist.getByRole('dialog').getByRole('button', { name: 'Accept and sign' }).click();
  await expectToast(dentist, 'Plan accepted');
  const first = (await (await dentist.request.get(`/api/admin/treatment-plans/${planId}`)).json()) as { acceptance: { documentHash: string }; options: { total: number }[] };

  // The dentist changes the accepted plan: the bridge's price and a plan discount. The card says what that does.
  await card.getByRole('button', { name: 'Change…' }).click();
  await expect(card.getByRole('alert').or(card.locator('.plan-version-notice'))).toContainText('This makes version 2; the patient signs again.');
  await card.getByLabel(/^Price of 24 25 26 .*Bridge in option A$/i).fill('30000');
  await card.getByLabel('Plan discount of option A').fill('1000');
  // Option B goes; a new option C offers the bridge alone (the first free letter is C: B is still shown until removed).
  await card.getByRole('button', { name: 'Add option C' }).click();
  await card.getByRole('button', { name: 'Remove option B' }).click();
  await expect(card.getByRole('group', { name: 'Option B' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Add option B' })).toBeVisible();
  await card.getByRole('group', { name: 'Option C' }).getByRole('checkbox', { name: /Dental Bridge$/ }).check();
  await expectNoAxeViolations(dentist);
  await card.screenshot({ path: testInfo.outputPath('plan-edit-1280.png') });
  await card.getByRole('button', { name: 'Save version 2' }).click();
  await expectToast(dentist, 'Plan changed', 'Version 2 is proposed: the patient signs again.');
  await expect(card.getByText('Proposed', { exact: true })).toBeVisible();
  await expect(card).toContainText('version 2');
  await expect(card.getByRole('list', { name: 'Earlier signed versions' })).toContainText('Version 1: option A signed by');
  const second = (await (await dentist.request.get(`/api/admin/treatment-plans/${planId}`)).json()) as { acceptance: null; options: { name: string; status: string; discount: number; items: { unitPrice: number }[] }[] };
  expect(second.acceptance).toBeNull();
  expect(second.options.map((o) => [o.name, o.status])).toEqual([['A', 'proposed'], ['C', 'proposed']]);
  expect(second.options[0].discount).toBe(1000);
  expect(second.options[0].items[0].unitPrice).toBe(30000);
  // Version 1's signed estimate is still the clinic's document.
  expect((await dentist.request.get(`/verify/${first.acceptance.documentHash}`)).status()).toBe(200);

  // Signed again: version 2 accepted.
  await card.getByRole('button', { name: 'Accept…' }).click();
  await dentist.getByRole('dialog').getByRole('radio', { name: /Option A/ }).check();
  await sign(dentist);
  await dentist.getByRole('dialog').getByRole('button', { name: 'Accept and sign' }).click();
  await expectToast(dentist, 'Plan accepted');
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible();

  // Sittings: the bridge tooth by tooth (24, then 25 and 26), which completes it; the root canal goes on.
  const option = card.getByRole('region', { name: 'Option A' });
  await option.getByRole('button', { name: /^Record sitting 1 of .*Bridge.* 24 25 26$/i }).click();
  let dialog = dentist.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Record sitting' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please name the teeth done at this sitting, or tick the last sitting');
  await dialog.getByRole('checkbox', { name: '24' }).check();
  await dialog.getByRole('button', { name: 'Record sitting' }).click();
  await expectToast(dentist, 'Sitting 1 recorded');
  await expect(option).toContainText('1 sitting, 24 done');
  await option.getByRole('button', { name: /^Record sitting 2 of .*Bridge.* 24 25 26$/i }).click();
  dialog = dentist.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { name: '24 (done)' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: '25' }).check();
  await dialog.getByRole('checkbox', { name: '26' }).check();
  await expect(dialog).toContainText('This sitting completes the item: it becomes billable.');
  await expectNoAxeViolations(dentist);
  await dialog.screenshot({ path: testInfo.outputPath('sitting-1280.png') });
  await dialog.getByRole('button', { name: 'Record sitting' }).click();
  await expectToast(dentist, 'Sitting 2 recorded', /is completed and ready to bill\.$/);
  await expect(card.getByText('In progress', { exact: true })).toBeVisible();
  // Work has begun: the plan is no longer changed, a new plan is made instead.
  await expect(card.getByRole('button', { name: 'Change…' })).toHaveCount(0);

  // The desk: Bill completed work lists the bridge (not the unfinished root canal) at version 2's price.
  await desk.goto(`/admin/patients/${patientId}/plans`);
  await desk.getByRole('button', { name: 'Bill completed work' }).click();
  const bill = desk.getByRole('dialog', { name: 'Bill completed work' });
  await expect(bill.getByRole('listitem')).toHaveCount(1);
  await expect(bill).toContainText(/Bridge/i);
  await expect(bill).toContainText('₹30,000');
  await bill.getByRole('button', { name: 'Create invoice' }).click();
  await expectToast(desk, 'Invoice created');
  await expect(deskCard.getByRole('region', { name: 'Option A' })).toContainText('done, billed');
});
