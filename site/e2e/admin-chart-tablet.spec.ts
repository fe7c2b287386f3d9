import fs from 'node:fs';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { apiCreatePatient, AUTH_KEY, expectNoAxeViolations, signIn, uid } from './admin-helpers';

// CHART-19, CHART-20, CHART-21, UI-14..UI-16: the chart on the dentist's tablet (768 px, a finger) and at a
// desktop's 1280 px (the keyboard). A lower molar's lingual caries is charted by tapping (the tooth, then the
// lingual surface in the enlarged picker, then the finding) and is drawn on the tongue side; by keyboard the
// same letter lands on the same side; tap targets are measured; whole-tooth work is drawn with its legend;
// the Adult view says what it hides. Screenshots in /work/shots/chart-tablet/.
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/work/shots/chart-tablet';

/** A new dentist signed in, in a browser context of its own (a tablet with touch, or a desktop). */
async function dentistPage(browser: Browser, owner: Page, context: BrowserContextOptions): Promise<Page> {
  const tag = uid();
  const email = `dentist.${tag}@clinic.test`;
  const temporary = `temp-${tag}-Staff-2026`;
  const own = `own-${tag}-Staff-2026!`;
  expect((await owner.request.post('/api/admin/users', { data: { email, name: `Dr. ${tag}`, role: 'dentist', password: temporary } })).status()).toBe(201);
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL, reducedMotion: 'reduce', ...context });
  const page = await ctx.newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password: temporary } })).ok()).toBe(true);
  expect((await page.request.post('/api/auth/change-password', { data: { currentPassword: temporary, newPassword: own } })).ok()).toBe(true);
  const { user } = (await (await page.request.get('/api/auth/me')).json()) as { user: unknown };
  await page.goto('/admin/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_KEY, JSON.stringify({ state: { user }, version: 0 })]);
  return page;
}

const tooth = (page: Page, fdi: string) => page.locator(`svg.odontogram [data-tooth="${fdi}"]`);
const surface = (page: Page, fdi: string, s: string) => tooth(page, fdi).locator(`.surface-map [data-surface="${s}"]`);
const item = (page: Page, text: string) => page.locator('.chart-list .chart-item').filter({ hasText: text });

interface Recorded {
  items: { teeth: string[]; surfaces: string[]; code: string; status: string }[];
}

test('a dentist charts 46 lingual caries by tapping on the tablet, and it is drawn on the tongue side @desktop-only', async ({ page, browser }) => {
  await signIn(page);
  const patient = await apiCreatePatient(page.request, `Tablet${uid()}`);
  const dentist = await dentistPage(browser, page, { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });
  await dentist.goto(`/admin/patients/${patient.id}/chart`);
  await expect(dentist.getByLabel('Chart command')).toBeVisible({ timeout: 20_000 });

  // UI-15: the sidebar is a rail of icons; its links keep their names.
  const rail = dentist.locator('.admin-sider');
  expect((await rail.boundingBox())!.width).toBeLessThanOrEqual(56);
  await expect(rail.getByRole('link', { name: 'Patients', exact: true })).toBeVisible();
  await expect(dentist.getByRole('button', { name: 'Logout' })).toBeVisible();

  // UI-16: every tooth of the adult jaws is at least 44 px wide to tap.
  const cells = dentist.locator('svg.odontogram .tooth-cell');
  await expect(cells).toHaveCount(32);
  for (const box of await cells.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width))) expect(box).toBeGreaterThanOrEqual(44);

  // The tooth, then its lingual surface in the enlarged picker, then the finding.
  await tooth(dentist, '46').tap();
  const picker = dentist.getByRole('dialog', { name: 'Tooth 46' });
  await expect(picker).toBeVisible();
  await expect(tooth(dentist, '46')).toHaveAttribute('aria-selected', 'true');
  // UI-14: every surface of the picker is at least 24 px each way (WCAG 2.5.8).
  const targets = picker.locator('[role="button"][data-surface]');
  await expect(targets).toHaveCount(6);
  for (const b of await targets.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()))) {
    expect(b.width).toBeGreaterThanOrEqual(24);
    expect(b.height).toBeGreaterThanOrEqual(24);
  }
  // On a lower tooth the tongue side is towards the upper jaw: the top of the picker's map.
  const lingual = picker.getByRole('button', { name: 'L, lingual, tongue side' });
  const buccal = picker.getByRole('button', { name: 'B, buccal, cheek side' });
  expect((await lingual.boundingBox())!.y).toBeLessThan((await buccal.boundingBox())!.y);
  fs.mkdirSync(SHOTS, { recursive: true });
  await lingual.tap();
  await expect(lingual).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.locator('.picker-command')).toHaveText('Command: 46 L');
  await dentist.screenshot({ path: `${SHOTS}/picker-768.png` });
  await picker.getByRole('button', { name: 'caries', exact: true }).tap();
  await expect(picker).toBeHidden();
  await expect(dentist.getByLabel('Chart command')).toHaveValue('46 L caries');
  await dentist.getByRole('button', { name: 'Record' }).tap();
  await expect(item(dentist, '46 L caries')).toBeVisible();

  // What was recorded: lingual (stored L) on 46.
  const chart = (await (await dentist.request.get(`/api/admin/patients/${patient.id}/chart`)).json()) as Recorded;
  expect(chart.items.map((i) => ({ teeth: i.teeth, surfaces: i.surfaces, code: i.code }))).toEqual([{ teeth: ['46'], surfaces: ['L'], code: 'caries' }]);
  // Where it is drawn: the region above the map's middle (the tongue side of a lower tooth), filled amber.
  await expect(surface(dentist, '46', 'L')).toHaveAttribute('fill', '#E69F00');
  await expect(surface(dentist, '46', 'L')).toHaveAttribute('data-side', 'top');
  const l = (await surface(dentist, '46', 'L').boundingBox())!;
  const o = (await surface(dentist, '46', 'O').boundingBox())!;
  expect(l.y + l.height / 2).toBeLessThan(o.y + o.height / 2);
  await expect(surface(dentist, '46', 'B')).not.toHaveAttribute('fill', /.+/);
  await dentist.screenshot({ path: `${SHOTS}/chart-768.png`, fullPage: true });
  await expectNoAxeViolations(dentist);
  await dentist.context().close();
});

test('at 1280 px the keyboard charts 37 B and 47 L on the cheek and tongue sides; whole-tooth work is drawn; the Adult view names what it hides @desktop-only', async ({ page, browser }) => {
  await signIn(page);
  const patient = await apiCreatePatient(page.request, `Keys${uid()}`);
  const setup = await page.request.post(`/api/admin/patients/${patient.id}/chart-commands`, { data: { command: '16 26 36 46 sealant; 11 21 veneer; 85 caries; 75 O caries' } });
  expect(setup.status()).toBe(201);
  const dentist = await dentistPage(browser, page, { viewport: { width: 1280, height: 900 } });
  await dentist.goto(`/admin/patients/${patient.id}/chart`);
  const bar = dentist.getByLabel('Chart command');
  await expect(bar).toBeFocused({ timeout: 20_000 });

  // CHART-21: milk-tooth items make Mixed the default; the Adult view says what it hides, and offers Mixed.
  await dentist.locator('.ant-segmented').getByText('Adult', { exact: true }).click();
  const hint = dentist.locator('.chart-hidden-hint');
  await expect(hint).toContainText('2 items on milk teeth not shown.');
  await hint.getByRole('button', { name: 'Show Mixed' }).click();
  await expect(hint).toHaveCount(0);
  await expect(tooth(dentist, '85')).toBeVisible();
  await dentist.locator('.ant-segmented').getByText('Adult', { exact: true }).click();
  await expect(hint).toBeVisible();

  // CHART-20: the sealants and veneers typed without surfaces are drawn, with their legend entries.
  for (const t of ['16', '26', '36', '46']) await expect(tooth(dentist, t).locator('.sealant-mark')).toHaveCount(1);
  for (const t of ['11', '21']) await expect(tooth(dentist, t).locator('.veneer-mark')).toHaveCount(1);
  const legend = dentist.getByRole('list', { name: 'Legend' });
  await expect(legend).toContainText('Sealant, whole tooth');
  await expect(legend).toContainText('Veneer, whole face');
  // 85 caries (no surfaces) is drawn on a milk tooth the Adult view hides: its ring is not in this legend.
  await expect(legend).not.toContainText('Whole tooth, no surfaces');

  // By keyboard (CHART-11): from the bar, Esc to the chart, the cursor to 37 (down to the lower jaw, then
  // along it), space, B.
  await bar.focus();
  await dentist.keyboard.press('Escape');
  const svg = dentist.locator('svg.odontogram');
  await expect(svg).toBeFocused();
  await dentist.keyboard.press('ArrowDown');
  for (let i = 0; i < 14; i++) await dentist.keyboard.press('ArrowRight');
  await expect(tooth(dentist, '37')).toHaveClass(/cursor/);
  await dentist.keyboard.press(' ');
  await dentist.keyboard.press('b');
  await expect(surface(dentist, '37', 'B')).toHaveClass(/chosen/);
  await dentist.keyboard.press('Enter');
  await expect(bar).toHaveValue('37 B ');
  await dentist.keyboard.type('caries');
  await dentist.keyboard.press('Enter');
  await expect(item(dentist, '37 B caries')).toBeVisible();

  // The mouse on the chart types what the region is: a click on 47's top region (tongue side) types L.
  await surface(dentist, '47', 'L').click();
  await expect(bar).toHaveValue('47 L');
  await bar.focus();
  await dentist.keyboard.type(' caries');
  await dentist.keyboard.press('Enter');
  await expect(item(dentist, '47 L caries')).toBeVisible();

  for (const [t, s, side] of [
    ['37', 'B', 'bottom'],
    ['47', 'L', 'top'],
  ] as const) {
    await expect(surface(dentist, t, s)).toHaveAttribute('fill', '#E69F00');
    await expect(surface(dentist, t, s)).toHaveAttribute('data-side', side);
    const filled = (await surface(dentist, t, s).boundingBox())!;
    const middle = (await surface(dentist, t, 'O').boundingBox())!;
    if (side === 'bottom') expect(filled.y).toBeGreaterThan(middle.y);
    else expect(filled.y).toBeLessThan(middle.y);
  }
  const chart = (await (await dentist.request.get(`/api/admin/patients/${patient.id}/chart`)).json()) as Recorded;
  const byTooth = Object.fromEntries(chart.items.filter((i) => i.code === 'caries').map((i) => [i.teeth[0], i.surfaces]));
  expect(byTooth).toMatchObject({ '37': ['B'], '47': ['L'] });
  // A mouse click at 1280 chooses on the chart itself: no picker.
  await expect(dentist.getByRole('dialog')).toHaveCount(0);
  fs.mkdirSync(SHOTS, { recursive: true });
  await dentist.screenshot({ path: `${SHOTS}/chart-1280.png`, fullPage: true });
  await expectNoAxeViolations(dentist);
  await dentist.context().close();
});

test('on a phone (375 px) a tap opens the picker too @desktop-only', async ({ page, browser }) => {
  await signIn(page);
  const patient = await apiCreatePatient(page.request, `Phone${uid()}`);
  const dentist = await dentistPage(browser, page, { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  await dentist.goto(`/admin/patients/${patient.id}/chart`);
  await expect(dentist.getByLabel('Chart command')).toBeVisible({ timeout: 20_000 });
  await tooth(dentist, '36').scrollIntoViewIfNeeded();
  await tooth(dentist, '36').tap();
  const picker = dentist.getByRole('dialog', { name: 'Tooth 36' });
  await expect(picker).toBeVisible();
  for (const b of await picker.locator('[role="button"][data-surface]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()))) {
    expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(24);
  }
  await picker.getByRole('button', { name: 'O, occlusal, biting surface' }).tap();
  await picker.getByRole('button', { name: 'D, distal, away from the midline' }).tap();
  await expect(picker.locator('.picker-command')).toHaveText('Command: 36 OD');
  fs.mkdirSync(SHOTS, { recursive: true });
  await dentist.screenshot({ path: `${SHOTS}/picker-375.png` });
  await picker.getByRole('button', { name: 'Done' }).tap();
  await expect(dentist.getByLabel('Chart command')).toHaveValue('36 OD');
  await dentist.screenshot({ path: `${SHOTS}/chart-375.png`, fullPage: true });
  await dentist.context().close();
});
