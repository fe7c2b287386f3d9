import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCreatePatient, expectToast, signIn, staffPage, uid } from './admin-helpers';

// CHART-25..CHART-27 at 1280 px, by keyboard alone: a dentist charts whole-mouth scaling as one item, sees
// the bar refuse a duplicate before Enter in the server's words, and marks a finding treated by completing
// the filling that covers it (Done asks first); the finding leaves the odontogram and its history says by what.
test.describe.configure({ timeout: 180_000 });

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

test('a dentist charts whole-mouth scaling and marks caries treated by completing its filling, by keyboard @desktop-only', async ({ page, browser }) => {
  await signIn(page);
  const patient = await apiCreatePatient(page.request, `Integrity${uid()}`);
  const dentist = await staffPage(browser, page, 'dentist', 1280);
  await dentist.goto(`/admin/patients/${patient.id}/chart`);
  const bar = dentist.getByLabel('Chart command');
  const preview = dentist.locator('#chart-command-preview');
  await expect(bar).toBeFocused({ timeout: 20_000 });

  // Whole-mouth scaling: one item over 18-48, typed without teeth.
  await dentist.keyboard.type('scaling done');
  await expect(preview).toContainText('18-48 scaling, completed');
  await dentist.keyboard.press('Enter');
  await expect(item(dentist, '18-48 scaling, completed')).toHaveCount(1);

  // A near miss is named; the finding and the planned filling are recorded.
  await dentist.keyboard.type('36 MOD carie');
  await expect(preview).toContainText('did you mean caries?');
  await dentist.keyboard.type('s; 36 MOD composite');
  await dentist.keyboard.press('Enter');
  await expect(item(dentist, '36 MOD composite, planned')).toBeVisible();
  await expect(surface(dentist, '36', 'D')).toHaveAttribute('fill', /^url\(#hatch-|#E69F00/);

  // The same planned filling again: the bar says so before Enter, and Enter records nothing.
  await dentist.keyboard.type('36 MOD composite');
  await expect(preview).toContainText('36 MOD composite is already planned');
  await expect(dentist.getByRole('button', { name: 'Record' })).toBeDisabled();
  await dentist.keyboard.press('Escape');
  await expect(bar).toHaveValue('');

  // Done from the list, confirmed: the filling is done and the caries it covers is treated.
  await tabTo(dentist, dentist.getByRole('button', { name: 'Mark 36 MOD composite, planned done' }));
  await dentist.keyboard.press('Enter');
  const confirm = dentist.getByRole('dialog', { name: 'Mark 36 MOD composite, planned done?' });
  await expect(confirm).toContainText('Findings it treats are marked treated.');
  await tabTo(dentist, confirm.getByRole('button', { name: 'Mark done' }));
  await dentist.keyboard.press('Enter');
  await expectToast(dentist, 'Status changed');
  await expect(item(dentist, '36 MOD composite, completed')).toBeVisible();
  const caries = item(dentist, '36 MOD caries, treated');
  await expect(caries).toBeVisible();
  await expect(caries).toContainText('Treated by 36 MOD composite on');
  await expect(caries.getByRole('button', { name: /Mark .* treated/ })).toHaveCount(0);
  // Drawn as the filling now, not as caries.
  await expect(surface(dentist, '36', 'O')).toHaveAttribute('fill', '#0072B2');

  // The tooth's history says what treated it.
  // The cursor starts at 18: down to the lower jaw, then along it to 36.
  await dentist.locator('svg.odontogram').focus();
  await dentist.keyboard.press('ArrowDown');
  const history = dentist.getByLabel('Tooth history');
  for (let i = 0; i < 16 && (await history.getByRole('heading').textContent()) !== 'Tooth 36'; i++) await dentist.keyboard.press('ArrowRight');
  await expect(history.getByRole('heading')).toHaveText('Tooth 36');
  await expect(history).toContainText('treated by 36 MOD composite on');
  await dentist.screenshot({ path: 'test-results/chart-integrity-1280.png', fullPage: true });
});
