import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCreatePatient, expectNoAxeViolations, expectToast, signIn, staffPage, uid } from './admin-helpers';

// CHART-10..CHART-14: the chart screen in Chromium, at a desktop's 1280 px and a tablet's 768 px. A dentist
// charts a new patient's mouth with the keyboard alone; a receptionist sees a chart read-only. Each test signs
// in a new account of its role (password hashing three times) and makes a dozen entries: a longer budget.
test.describe.configure({ timeout: 180_000 });

/** Presses Tab until the element has the focus: the keyboard's way to a control. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const tooth = (page: Page, fdi: string) => page.locator(`svg.odontogram [data-tooth="${fdi}"]`);
const surface = (page: Page, fdi: string, s: string) => tooth(page, fdi).locator(`[data-surface="${s}"]`);
const item = (page: Page, text: string) => page.locator('.chart-list .chart-item').filter({ hasText: text });

for (const width of [1280, 768]) {
  test(`a dentist charts a new patient's mouth by keyboard alone at ${width} px @desktop-only`, async ({ page, browser }) => {
    await signIn(page);
    const patient = await apiCreatePatient(page.request, `Chart${uid()}`);
    const dentist = await staffPage(browser, page, 'dentist', width);
    await dentist.goto(`/admin/patients/${patient.id}/chart`);
    const bar = dentist.getByLabel('Chart command');
    const preview = dentist.locator('#chart-command-preview');
    // The bar has the focus on load for a dentist.
    await expect(bar).toBeFocused({ timeout: 20_000 });

    // A filling, previewed as it is typed, then recorded with Enter.
    await dentist.keyboard.type('36 MOD composite');
    await expect(preview).toContainText('36 MOD composite, planned');
    await expect(surface(dentist, '36', 'O')).toHaveAttribute('opacity', '0.6');
    await dentist.keyboard.press('Enter');
    await expect(bar).toHaveValue('');
    await expect(item(dentist, '36 MOD composite, planned')).toBeVisible();
    await expect(surface(dentist, '36', 'O')).toHaveAttribute('fill', /^url\(#hatch-/);
    await expect(surface(dentist, '36', 'O')).toHaveAttribute('opacity', '1');
    await expect(surface(dentist, '36', 'B')).not.toHaveAttribute('fill', /.+/);

    // A word the bar does not know is named in plain words, and Enter records nothing.
    await dentist.keyboard.type('18 28 38 48 missin');
    await expect(preview).toContainText('“missin” is not a treatment, finding or status this chart knows');
    await dentist.keyboard.type('g');
    await expect(preview).toContainText('18 missing');
    await dentist.keyboard.press('Enter');
    await expect(item(dentist, '48 missing')).toBeVisible();
    for (const t of ['18', '28', '38', '48']) await expect(tooth(dentist, t)).toHaveAttribute('data-state', 'missing');
    // Drawn as the legend's Missing (a dashed place), not crossed out as its To extract.
    await expect(tooth(dentist, '18').locator('.missing-place')).toHaveCount(1);
    await expect(tooth(dentist, '18').locator('.cross-out')).toHaveCount(0);

    await dentist.keyboard.type('46 rct done');
    await dentist.keyboard.press('Enter');
    await expect(item(dentist, '46 rct, completed')).toBeVisible();

    // Crowns planned, then undone with Ctrl+Z in the empty bar: invalidated with the reason "undone".
    await dentist.keyboard.type('11 21 crown planned');
    await dentist.keyboard.press('Enter');
    await expect(item(dentist, '11 crown, planned')).toBeVisible();
    await expect(dentist.getByRole('button', { name: 'Undo 11 21 crown planned' })).toBeVisible();
    await expect(tooth(dentist, '11').locator('[data-surface="O"]')).toHaveAttribute('fill', /^url\(#hatch-/);
    await dentist.keyboard.press('Control+z');
    await expectToast(dentist, 'Entry undone', '11 21 crown planned');
    await expect(item(dentist, '11 crown')).toHaveCount(0);
    await expect(tooth(dentist, '11').locator('[data-surface="O"]')).not.toHaveAttribute('fill', /.+/);

    // On the chart: Esc from the empty bar, the arrows to 16, space, a surface letter, Enter hands it to the bar.
    await dentist.keyboard.press('Escape');
    await expect(dentist.locator('svg.odontogram')).toBeFocused();
    await dentist.keyboard.press('ArrowRight');
    await dentist.keyboard.press('ArrowRight');
    await expect(tooth(dentist, '16')).toHaveClass(/cursor/);
    await dentist.keyboard.press(' ');
    await dentist.keyboard.press('o');
    await expect(tooth(dentist, '16')).toHaveAttribute('aria-selected', 'true');
    await dentist.keyboard.press('Enter');
    await expect(bar).toBeFocused();
    await expect(bar).toHaveValue('16 O ');
    await dentist.keyboard.type('caries');
    await dentist.keyboard.press('Enter');
    await expect(item(dentist, '16 O caries')).toBeVisible();
    await expect(surface(dentist, '16', 'O')).toHaveAttribute('fill', '#E69F00');

    // A status change from the list, reached with Tab; Done asks first (CHART-8: it locks the item).
    await tabTo(dentist, dentist.getByRole('button', { name: 'Mark 36 MOD composite, planned done' }));
    await dentist.keyboard.press('Enter');
    const confirm = dentist.getByRole('dialog', { name: 'Mark 36 MOD composite, planned done?' });
    await tabTo(dentist, confirm.getByRole('button', { name: 'Mark done' }));
    await dentist.keyboard.press('Enter');
    await expectToast(dentist, 'Status changed');
    await expect(item(dentist, '36 MOD composite, completed')).toBeVisible();
    await expect(item(dentist, '36 MOD composite, completed')).toContainText('locked');
    await expect(surface(dentist, '36', 'O')).toHaveAttribute('fill', '#0072B2');

    // The list by status, and with the invalidated items struck through.
    await tabTo(dentist, dentist.getByRole('switch', { name: 'Show invalidated items' }));
    await dentist.keyboard.press('Space');
    const undone = item(dentist, '11 crown, planned');
    await expect(undone.locator('s')).toHaveText('11 crown, planned');
    await expect(undone).toContainText(': undone');
    const list = dentist.locator('.chart-list');
    await expect(list.locator('h3')).toHaveText(['Tooth 11', 'Tooth 16', 'Tooth 18', 'Tooth 21', 'Tooth 28', 'Tooth 36', 'Tooth 38', 'Tooth 46', 'Tooth 48']);
    await tabTo(dentist, list.getByRole('radio', { name: 'By tooth' }));
    await dentist.keyboard.press('ArrowRight');
    await dentist.keyboard.press('ArrowRight');
    await expect(list.locator('h3')).toHaveText(['Findings', 'Completed', 'Invalidated']);

    // The chart at an earlier date: [ steps back through the days it changed; the day before the first is empty.
    await dentist.locator('svg.odontogram').focus();
    await dentist.keyboard.press('[');
    await dentist.keyboard.press('[');
    await expect(dentist.locator('.chart-banner')).toContainText('The chart as it stood at the end of');
    await expect(bar).toHaveCount(0);
    await expect(tooth(dentist, '18')).toHaveAttribute('data-state', 'present');
    await expect(surface(dentist, '36', 'O')).not.toHaveAttribute('fill', /.+/);
    await expect(dentist.locator('.chart-list')).toContainText('Nothing charted yet.');
    await dentist.keyboard.press(']');
    await dentist.keyboard.press(']');
    await expect(bar).toBeVisible();
    await expect(tooth(dentist, '18')).toHaveAttribute('data-state', 'missing');

    // Focusing a tooth shows its history.
    await dentist.locator('svg.odontogram').focus();
    await dentist.keyboard.press('ArrowLeft');
    await dentist.keyboard.press('ArrowLeft');
    const history = dentist.getByLabel('Tooth history');
    await expect(history.getByRole('heading')).toHaveText('Tooth 18');
    await expect(history).toContainText('18 missing');
    await expect(history).toContainText('recorded as finding');
    // The accessibility check once (the receptionist's test checks the tablet's layout).
    if (width === 1280) await expectNoAxeViolations(dentist);
    await dentist.context().close();
  });
}

test('a receptionist sees the chart read-only @desktop-only', async ({ page, browser }) => {
  await signIn(page);
  const patient = await apiCreatePatient(page.request, `Chart${uid()}`);
  const recorded = await page.request.post(`/api/admin/patients/${patient.id}/chart-commands`, { data: { command: '14-16 bridge; 26 implant done; 36 MOD composite' } });
  expect(recorded.status()).toBe(201);
  const desk = await staffPage(browser, page, 'receptionist', 768);
  await desk.goto(`/admin/patients/${patient.id}`);
  await desk.getByRole('link', { name: 'Chart', exact: true }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText(`Chart: ${patient.firstName} ${patient.lastName}`);
  await expect(desk.locator('.chart-banner')).toHaveText('Read-only: Only the owner or a dentist can change the clinical record.');
  await expect(desk.getByLabel('Chart command')).toHaveCount(0);
  await expect(item(desk, '14-16 bridge, planned')).toBeVisible();
  await expect(desk.getByRole('button', { name: /^Invalidate/ })).toHaveCount(0);
  await expect(desk.getByRole('button', { name: /^Mark / })).toHaveCount(0);
  await expect(tooth(desk, '26')).toHaveAttribute('data-state', 'implant');
  await expect(desk.locator('svg.odontogram .bridge-bar')).toHaveCount(1);
  // Clicking a tooth selects nothing to record; pointing at it shows its history.
  await tooth(desk, '36').hover();
  await expect(desk.getByLabel('Tooth history')).toContainText('36 MOD composite, planned');
  await tooth(desk, '36').click();
  await expect(tooth(desk, '36')).toHaveAttribute('aria-selected', 'false');
  await expectNoAxeViolations(desk);
  await desk.context().close();
});
