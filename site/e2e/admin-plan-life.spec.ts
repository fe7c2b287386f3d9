import { expect, test, type Page } from '@playwright/test';
import { animationsDone, expectToast, signIn, staffPage, uid } from './admin-helpers';

// PLAN-18, PLAN-24, the plan card's tables: a plan's choice reaches the chart. A dentist plans two options
// for a broken 46 (A: root canal and crown; B: extraction and implant); the patient signs A at 1280 px, the
// dialog naming what is signed for and what leaves the chart; B's extraction and implant leave the
// odontogram. At 768 px the plan card keeps its Amount column in view.
test.describe.configure({ timeout: 180_000 });

async function chartItems(page: Page, patientId: number, command: string): Promise<Record<string, number>> {
  const res = await page.request.post(`/api/admin/patients/${patientId}/chart-commands`, { data: { command } });
  expect(res.status()).toBe(201);
  const { items } = (await res.json()) as { items: { id: number; teeth: string[]; code: string }[] };
  return Object.fromEntries(items.map((i) => [`${i.teeth.join(' ')} ${i.code}`, i.id]));
}

async function newPatient(page: Page, firstName: string, tag: string): Promise<number> {
  const created = await page.request.post('/api/admin/patients', { data: { firstName, lastName: `Joshi ${tag}`, phone: '9822012399', email: `${firstName.toLowerCase()}.${tag}@example.in` } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function sign(page: Page): Promise<void> {
  const canvas = page.getByRole('dialog').getByTestId('signature-canvas');
  await expect(canvas).toBeVisible();
  await animationsDone(page);
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (const [dx, dy] of [[80, 40], [140, 130], [220, 50], [300, 140]]) await page.mouse.move(box.x + dx, box.y + dy, { steps: 6 });
  await page.mouse.up();
}

const tooth = (page: Page, t: string) => page.locator(`g.tooth[data-tooth="${t}"]`);

test("accepting option A takes option B's extraction and implant off the chart, and the card lists them as not chosen @desktop-only", async ({ page, browser }) => {
  await signIn(page);
  const tag = uid();
  const dentist = await staffPage(browser, page, 'dentist', 1280);
  const patientId = await newPatient(page, 'Vasant', tag);
  const items = await chartItems(dentist, patientId, '46 rct; 46 crown; 46 extraction; 46 implant');
  const made = await dentist.request.post(`/api/admin/patients/${patientId}/treatment-plans`, {
    data: {
      title: 'The broken 46',
      options: [
        { name: 'A', itemIds: [items['46 rct'], items['46 crown']], discount: 1000 },
        { name: 'B', itemIds: [items['46 extraction'], items['46 implant']] },
      ],
    },
  });
  expect(made.status()).toBe(201);

  // Before the choice the chart draws B's work: 46 crossed out to extract, an implant planned.
  await dentist.goto(`/admin/patients/${patientId}/chart`);
  await expect(tooth(dentist, '46').locator('.cross-out')).toHaveCount(1);
  await expect(tooth(dentist, '46').locator('.implant')).toHaveCount(1);

  await dentist.goto(`/admin/patients/${patientId}/plans`);
  const card = dentist.getByRole('article').filter({ hasText: 'The broken 46' });
  await card.getByRole('button', { name: 'Accept…' }).click();
  const dialog = dentist.getByRole('dialog');
  await dialog.getByRole('radio', { name: /Option A/ }).check();
  // The dialog lists what the patient signs for, by the names they read, and the work that leaves the chart.
  const signing = dialog.getByRole('region', { name: 'Signing for option A' });
  await expect(signing).toContainText('Root canal treatment');
  await expect(signing).toContainText('Dental crown (cap)');
  await expect(signing).toContainText('Total');
  await expect(dialog).toContainText('Not chosen, taken off the chart: Tooth extraction 46, Dental implant 46');
  await dentist.screenshot({ path: test.info().outputPath('sign-dialog-1280.png') });
  await sign(dentist);
  await dialog.getByRole('button', { name: 'Accept and sign' }).click();
  await expectToast(dentist, 'Plan accepted');
  const optionB = card.getByRole('region', { name: 'Option B' });
  await expect(optionB).toContainText('declined');
  await expect(optionB.getByText('not chosen')).toHaveCount(2);
  await dentist.screenshot({ path: test.info().outputPath('plan-card-1280.png'), fullPage: true });

  // The chart: B's extraction and implant are gone from 46; A's root canal and crown stay planned.
  await dentist.goto(`/admin/patients/${patientId}/chart`);
  await expect(tooth(dentist, '46').locator('.cross-out')).toHaveCount(0);
  await expect(tooth(dentist, '46').locator('.implant')).toHaveCount(0);
  await expect(tooth(dentist, '46')).toHaveAttribute('data-state', 'present');
  await dentist.screenshot({ path: test.info().outputPath('chart-after-1280.png') });
  await dentist.context().close();
});

test('the plan card at 768 px keeps the Amount column in view, and the editor shows prices before saving @desktop-only', async ({ page, browser }) => {
  await signIn(page);
  const tag = uid();
  const dentist = await staffPage(browser, page, 'dentist', 768);
  const patientId = await newPatient(page, 'Sunanda', tag);
  const items = await chartItems(dentist, patientId, '36 rct; 36 crown; 15 implant; 14-16 bridge');
  const made = await dentist.request.post(`/api/admin/patients/${patientId}/treatment-plans`, {
    data: {
      title: 'Lower left and the gap at 15',
      options: [
        { name: 'A', itemIds: [items['36 rct'], items['36 crown'], items['15 implant']], lines: [{ itemId: items['36 crown'], discount: 500 }], discount: 2000 },
        { name: 'B', itemIds: [items['36 rct'], items['36 crown'], items['14 15 16 bridge']] },
      ],
    },
  });
  expect(made.status()).toBe(201);
  await dentist.goto(`/admin/patients/${patientId}/plans`);
  const card = dentist.getByRole('article').filter({ hasText: 'Lower left and the gap at 15' });
  const optionA = card.getByRole('region', { name: 'Option A' });
  const amount = optionA.getByRole('columnheader', { name: 'Amount' });
  await expect(amount).toBeVisible();
  // The table fits its option, or scrolls inside it (the page itself never scrolls sideways): once
  // scrolled to its end, Amount and the last amount are inside the option's visible box and the window.
  const scroller = optionA.getByRole('group', { name: 'Option A treatments and amounts' });
  expect(await dentist.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await dentist.screenshot({ path: test.info().outputPath('plan-card-768-start.png') });
  // Exempt work, as here, leaves out the GST column: the table fits without scrolling.
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const view = (await scroller.boundingBox())!;
  for (const cell of [amount, optionA.locator('tbody tr:last-child td.num').last()]) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(view.x + view.width, 768) + 1);
    expect(box.x).toBeGreaterThanOrEqual(view.x - 1);
  }
  await dentist.screenshot({ path: test.info().outputPath('plan-card-768.png'), fullPage: true });

  // Change…: the editor shows the prices live; a bigger plan discount changes the total before saving.
  await card.getByRole('button', { name: 'Change…' }).click();
  const editorA = card.getByRole('group', { name: 'Option A', exact: true });
  const prices = editorA.getByLabel('Option A prices');
  await expect(prices).toContainText('Dental implant');
  const before = await prices.locator('.plan-preview-total strong').textContent();
  await card.getByLabel('Plan discount of option A').fill('3000');
  await expect(prices.locator('.plan-preview-total strong')).not.toHaveText(before!);
  await expect(prices).toContainText('Discounts');
  await dentist.screenshot({ path: test.info().outputPath('plan-editor-768.png'), fullPage: true });
  await dentist.context().close();
});
