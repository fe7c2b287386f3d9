import { expect, test } from '@playwright/test';
import { apiCreatePatient, expectToast, pickPatient, signIn, uid } from './admin-helpers';

// PAT-15, PAT-16: the owner merges two records of one person from the kept one's page: both records side by
// side (name, date of birth, mobile, file number, last visit), a reason required; then undoes the merge from
// the same page, after a confirmation. At 1280 and 375 px.

test('the owner merges two records with a reason, seeing both side by side, and undoes the merge', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page);
  const first = `Merge${uid()}`;
  const kept = await apiCreatePatient(page.request, first, 'Kulkarni');
  const other = await apiCreatePatient(page.request, `${first}b`, 'Kulkarni');

  await page.goto(`/admin/patients/${kept.id}`);
  await page.getByRole('button', { name: 'Merge with...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge patient records' });
  await pickPatient(page, dialog.locator('#merge-picker'), `${first}b`);
  const cards = dialog.locator('.merge-card');
  await expect(cards).toHaveCount(2);
  for (const [card, p] of [[cards.nth(0), kept], [cards.nth(1), other]] as const) {
    await expect(card).toContainText(`${p.firstName} Kulkarni`);
    await expect(card).toContainText(p.fileNumber);
    await expect(card).toContainText('Born');
    await expect(card).toContainText('Mobile');
    await expect(card).toContainText('Last visit');
  }
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(dialog.getByText('Say why these two records are one patient')).toBeVisible();
  await dialog.getByLabel('Why are these one patient?').fill('Same person, registered twice');
  await page.screenshot({ path: `/work/shots/patients/merge-dialog-${testInfo.project.name}.png`, fullPage: false });
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expectToast(page, 'Patients merged');

  const merged = page.getByRole('region', { name: 'Merged records' });
  await expect(merged).toContainText(`${first}b Kulkarni (${other.fileNumber})`);
  await expect(merged).toContainText('Same person, registered twice');
  await merged.getByRole('button', { name: 'Undo merge' }).click();
  const ask = page.getByRole('dialog', { name: 'Undo this merge?' });
  await expect(ask).toContainText(`${first}b Kulkarni`);
  await ask.getByRole('button', { name: 'Undo merge' }).click();
  await expectToast(page, 'Merge undone');
  await expect(merged).toHaveCount(0);
  const back = await (await page.request.get(`/api/admin/patients/${other.id}`)).json();
  expect(back).toMatchObject({ mergedIntoId: null });
});
