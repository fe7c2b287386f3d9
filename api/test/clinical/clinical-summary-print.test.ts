import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinic as identity } from '../../../shared/constants/clinic';
import { SITE_DIST } from '../../render/renderer';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// NOTE-17, NOTE-15, MED-9: the clinical summary as the browser prints it, read by Chromium from the built admin
// (npm run build:site) served by the test app, whose clock the test moves: a composite planned on 7 November
// and completed on 7 December prints 07/12/2026; the patient by their file number; the clinic's letterhead;
// the history's note; F on an incisor's lip side and P on an upper molar's palate side; a sitting's note;
// the alerts drawn by the one component. The page is also printed to PDF (pdftotext reads it back).

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = process.env.SUMMARY_PDF_DIR ?? '/tmp/clinical-summary-print';

let clinic: ClinicalClinic;
let browser: Browser;
let page: Page;
let patient: number;
let fileNumber: string;
let text: string;

beforeAll(async () => {
  if (!existsSync(path.join(SITE_DIST, 'admin.html'))) throw new Error('Build the site first (npm run build:site): this test prints the built admin');
  const stroke = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40" stroke="black" stroke-width="4" fill="none"/></svg>';
  const signature = `data:image/png;base64,${(await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64')}`;
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-07T05:00:00Z');
  patient = await clinic.newPatient('Savita');
  fileNumber = (await clinic.call('owner', 'GET', `/api/admin/patients/${patient}`)).body.fileNumber;
  const history = await clinic.call('dentist', 'PUT', `/api/admin/patients/${patient}/medical-history`, {
    allergies: [{ substance: 'Penicillin', reaction: 'Anaphylaxis', severity: 'severe' }],
    medicines: [{ name: 'Warfarin', dose: '5 mg daily' }],
    conditions: ['bleeding-disorder-or-anticoagulants'],
    pregnant: true,
    note: 'INR 2.4 on 1 Nov; physician says continue warfarin',
  });
  expect(history.status).toBe(200);
  const charted = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: '11 F composite; 16 P composite; 46 rct' });
  expect(charted.status).toBe(201);
  const [incisor, molar, rct] = charted.body.items.map((i: { id: number }) => i.id);
  const plan = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'RCT 46', options: [{ name: 'A', itemIds: [rct] }] });
  expect((await clinic.call('owner', 'POST', `/api/admin/treatment-plans/${plan.body.id}/accept`, { option: 'A', signature, signedBy: 'Savita' })).status).toBe(200);
  expect((await clinic.call('dentist', 'POST', `/api/admin/treatment-plans/${plan.body.id}/sittings`, { itemId: rct, note: 'Local anaesthetic used; access opened' })).status).toBe(200);
  // A month later (in the evening in Kolkata: 7 December there) the incisor is done; the molar stays planned.
  clinic.app.clock.set('2026-12-07T13:30:00Z');
  expect((await clinic.call('dentist', 'PATCH', `/api/admin/clinical-items/${incisor}`, { status: 'completed' })).status).toBe(200);
  void molar;

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const [name, value] = clinic.cookies.dentist.split('=');
  await context.addCookies([{ name, value, url: clinic.app.url }]);
  const me = await clinic.call('dentist', 'GET', '/api/auth/me');
  await context.addInitScript((user) => localStorage.setItem('clinic-admin-user', JSON.stringify({ state: { user }, version: 0 })), me.body.user);
  page = await context.newPage();
  await page.goto(`${clinic.app.url}/admin/patients/${patient}/record/print`);
  const summary = page.getByRole('article', { name: 'Clinical summary' });
  await summary.waitFor({ timeout: 30_000 });
  text = await summary.innerText();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await clinic?.app.close();
});

describe('the clinical summary print (NOTE-17)', () => {
  it("is on the clinic's letterhead: its name, address, phone and logo", async () => {
    const letterhead = page.getByTestId('letterhead');
    await expect.poll(() => letterhead.innerText()).toContain(identity.name);
    const head = await letterhead.innerText();
    expect(head).toContain(identity.addressText);
    expect(head).toContain(identity.phone);
    expect(await letterhead.locator('svg').count()).toBe(1);
  });

  it('names the patient by their file number, not their row id', async () => {
    expect(fileNumber).toMatch(/^SC-\d{6}$/);
    expect(await page.getByTestId('file-number').innerText()).toBe(fileNumber);
    expect(text).not.toMatch(/patient no\./i);
  });

  it("shows the history's note and the alerts drawn by the one component, the severe allergy red and pregnancy marked", async () => {
    expect(await page.getByTestId('history-note').innerText()).toBe('INR 2.4 on 1 Nov; physician says continue warfarin');
    const alerts = page.getByRole('region', { name: 'Medical alerts', exact: true });
    await expect.poll(() => alerts.getAttribute('class')).toContain('danger');
    expect(await alerts.locator('.alert-chip[data-level="danger"]').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('Allergy: Penicillin (severe: Anaphylaxis)'), expect.stringContaining('Pregnant'), expect.stringContaining('Bleeding disorder or anticoagulants')]),
    );
    expect(await alerts.locator('.alert-chip[data-pregnancy] [aria-label="Pregnancy:"]').count()).toBe(1);
  });

  it("writes surfaces as the tooth names them and dates each item by the day its work was done", async () => {
    const row = (tooth: string) => page.locator('tr').filter({ has: page.getByRole('cell', { name: tooth, exact: true }) });
    const incisor = await row('11').locator('td').allInnerTexts();
    expect(incisor[1]).toBe('F');
    expect(incisor[3]).toBe('completed');
    expect(incisor[4]).toBe('07/12/2026');
    const molar = await row('16').locator('td').allInnerTexts();
    expect(molar[1]).toBe('P');
    expect(molar[4]).toBe('07/11/2026');
  });

  it("lists a sitting's note under its item (NOTE-15)", () => {
    expect(text).toContain('Sitting 1, 07/11/2026: Local anaesthetic used; access opened');
  });

  it('prints to a PDF that says the same', async () => {
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' } });
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'clinical-summary.pdf'), pdf);
    const run = spawnSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
    expect(run.status).toBe(0);
    const printed = run.stdout.toString();
    for (const part of [identity.name, fileNumber, 'INR 2.4 on 1 Nov', '07/12/2026', 'Sitting 1, 07/11/2026']) expect(printed).toContain(part);
  });
});
