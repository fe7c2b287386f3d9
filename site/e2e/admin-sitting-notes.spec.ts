import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiCreatePatient, signIn, uid } from './admin-helpers';

// NOTE-15: what a sitting noted (PLAN-11) stays in sight: in the tooth's history on the chart, in time with
// the item's events, and under the item on the plan's card; at 1280 px and on a 768 px tablet.

const SHOTS = '/work/shots/alerts';

/** A signature as the pad sends it: a PNG of a stroke, drawn by the page's own canvas. */
const signature = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 100;
    const g = canvas.getContext('2d')!;
    g.lineWidth = 4;
    g.beginPath();
    g.moveTo(10, 70);
    g.bezierCurveTo(60, 10, 90, 90, 140, 40);
    g.stroke();
    return canvas.toDataURL('image/png');
  });

for (const width of [1280, 768]) {
  test(`a sitting's note shows in the tooth's history and on the plan's card at ${width} px @desktop-only`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const patient = await apiCreatePatient(page.request, `Sitting${uid()}`);
    const charted = await page.request.post(`/api/admin/patients/${patient.id}/chart-commands`, { data: { command: '46 rct' } });
    expect(charted.status(), await charted.text()).toBe(201);
    const itemId = ((await charted.json()) as { items: { id: number }[] }).items[0].id;
    const made = await page.request.post(`/api/admin/patients/${patient.id}/treatment-plans`, { data: { title: 'Root canal 46', options: [{ name: 'A', itemIds: [itemId] }] } });
    expect(made.status()).toBe(201);
    const planId = ((await made.json()) as { id: number }).id;
    const accepted = await page.request.post(`/api/admin/treatment-plans/${planId}/accept`, { data: { option: 'A', signature: await signature(page), signedBy: 'The patient' } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    const sat = await page.request.post(`/api/admin/treatment-plans/${planId}/sittings`, { data: { itemId, note: 'Local anaesthetic used (2% lignocaine); access opened' } });
    expect(sat.status(), await sat.text()).toBe(200);

    await page.goto(`/admin/patients/${patient.id}/chart`);
    await page.locator('svg.odontogram [data-tooth="46"]').hover();
    const history = page.getByLabel('Tooth history');
    await expect(history).toContainText('46 rct, planned');
    await expect(history.locator('.tooth-events li').nth(1)).toContainText(/sitting 1 · Clinic Admin: Local anaesthetic used \(2% lignocaine\); access opened/);
    fs.mkdirSync(SHOTS, { recursive: true });
    await history.screenshot({ path: `${SHOTS}/tooth-history-${width}.png` });

    await page.goto(`/admin/patients/${patient.id}/plans`);
    const card = page.getByRole('article').filter({ hasText: 'Root canal 46' });
    await expect(card.locator('.plan-sitting-notes')).toHaveText(/^Sitting 1, \d\d\/\d\d\/\d{4} \(Clinic Admin\): Local anaesthetic used \(2% lignocaine\); access opened$/);
    await page.screenshot({ path: `${SHOTS}/plan-card-${width}.png`, fullPage: true });
  });
}
