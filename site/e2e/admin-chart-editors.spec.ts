import { expect, test } from '@playwright/test';
import { apiCreatePatient, chooseOption, expectNoAxeViolations, expectToast, signIn, staffPage, uid } from './admin-helpers';

// CHART-16, CHART-17, NOTE-10: the owner makes a treatment chartable in the price list, adds a finding and a
// visit-note template with a default "treatment done" text on Settings' Chart & Visit Notes screen; then a
// dentist records both from the chart's command bar and starts a note from the template, at a desktop's
// 1280 px and a tablet's 768 px. Each test signs in a new dentist (password hashing twice): a longer budget.
test.describe.configure({ timeout: 180_000 });

for (const width of [1280, 768]) {
  test(`the owner edits a finding and a template, and a dentist uses them at ${width} px @desktop-only`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const tag = uid();
    const finding = `hypo${tag}`;
    const code = `guard${tag}`;
    const treatment = `Night guard ${tag}`;
    const template = `Guard review ${tag}`;

    // The price list: a new treatment, recorded on the chart by its name (CHART-17).
    await page.goto('/admin/settings');
    await page.getByRole('button', { name: 'Add Treatment' }).click();
    const priceDialog = page.getByRole('dialog', { name: 'Add Treatment' });
    await priceDialog.getByLabel('Treatment').fill(treatment);
    await priceDialog.getByLabel('Default price (₹)').fill('3000');
    await priceDialog.getByRole('switch', { name: 'Recorded on the chart' }).click();
    await priceDialog.getByLabel('Chart code').fill(code);
    await priceDialog.getByLabel('Names typed in the command bar').fill(`${code}, night guard ${tag}`);
    await priceDialog.getByLabel('Usually takes several sittings').check();
    await priceDialog.getByRole('button', { name: 'Add Treatment' }).click();
    await expectToast(page, 'Treatment added');
    await expect(page.getByTestId('price-row').filter({ hasText: treatment })).toContainText(`Chart: ${code}, night guard ${tag} · several sittings`);

    // Chart & Visit Notes: a finding that takes surfaces (CHART-16).
    await page.getByRole('link', { name: 'Edit findings and templates' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/clinical$/);
    await expect(page.getByRole('heading', { name: 'Chart & Visit Notes', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Finding' }).click();
    const findingDialog = page.getByRole('dialog', { name: 'Add Finding' });
    await findingDialog.getByLabel('Code').fill(finding);
    await findingDialog.getByLabel('Names typed in the command bar').fill(`${finding}, Enamel ${tag}`);
    await chooseOption(page, findingDialog.getByLabel('Drawn as'), 'Surfaces filled');
    await findingDialog.getByRole('switch', { name: 'Takes surfaces' }).click();
    await findingDialog.getByRole('button', { name: 'Add Finding' }).click();
    await expectToast(page, 'Finding added', `Dentists type “${finding}” or “enamel ${tag}” in the chart's command bar.`);
    const row = page.getByTestId('finding-row').filter({ hasText: finding });
    await expect(row).toContainText('Not on any chart');
    await expect(row.getByRole('button', { name: `Delete ${finding}` })).toBeVisible();

    // A new template with a prompt, and the new treatment's default text (NOTE-10).
    await page.getByRole('button', { name: 'Add Template' }).click();
    await expect(page.getByLabel('Template name')).toBeFocused();
    await page.keyboard.type(template);
    await page.getByLabel('Prompt: Chief complaint').fill(`Does the guard fit? (${tag})`);
    await page.getByLabel('Prompt: Advice').fill('Wear it every night');
    await page.getByLabel(`${treatment} (${code})`).fill(`Guard fitted and adjusted (${tag}).`);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save Templates' }).click();
    await expectToast(page, 'Templates saved');
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expect(page.getByRole('button', { name: template, pressed: true })).toBeVisible();
    if (width === 1280) await expectNoAxeViolations(page);

    // A dentist: the finding and the treatment from the command bar.
    const patient = await apiCreatePatient(page.request, `Guard${uid()}`);
    const dentist = await staffPage(browser, page, 'dentist', width);
    await dentist.goto(`/admin/patients/${patient.id}/chart`);
    const bar = dentist.getByLabel('Chart command');
    await expect(bar).toBeFocused({ timeout: 20_000 });
    await dentist.keyboard.type(`36 DO enamel ${tag}`);
    await expect(dentist.locator('#chart-command-preview')).toContainText(`36 OD ${finding}`);
    await dentist.keyboard.press('Enter');
    const items = dentist.locator('.chart-list .chart-item');
    await expect(items.filter({ hasText: `36 OD ${finding}` })).toBeVisible();
    await expect(dentist.locator(`svg.odontogram [data-tooth="36"] [data-surface="D"]`)).toHaveAttribute('fill', '#E69F00');
    await dentist.keyboard.type(`16 night guard ${tag} done`);
    await dentist.keyboard.press('Enter');
    await expect(items.filter({ hasText: `16 ${code}, completed` })).toBeVisible();

    // The note from the owner's template: its prompts to answer, the treatment's default text pre-filled.
    await dentist.goto(`/admin/patients/${patient.id}/record`);
    await chooseOption(dentist, dentist.getByLabel('Template'), template);
    await dentist.getByRole('button', { name: 'New note' }).click();
    const editor = dentist.getByRole('form', { name: 'New visit note' });
    await expect(editor.getByLabel('Chief complaint')).toHaveAttribute('placeholder', `Does the guard fit? (${tag})`);
    await expect(editor.getByLabel('Advice')).toHaveAttribute('placeholder', 'Wear it every night');
    await expect(editor.getByLabel('Treatment done')).toHaveValue(`16 ${code}: Guard fitted and adjusted (${tag}).`);
    await editor.getByLabel('Chief complaint').fill('Grinding at night');
    await editor.getByRole('button', { name: 'Save note' }).click();
    await expectToast(dentist, 'Visit note saved');
    await expect(dentist.locator('.note-card').first()).toContainText('Grinding at night');
    // NOTE-11: the dashboard's link to a note to sign opens the record at that note, with the focus on it.
    const [note] = (await (await dentist.request.get(`/api/admin/patients/${patient.id}/visit-notes`)).json()) as { id: number }[];
    await dentist.goto(`/admin/patients/${patient.id}/record#note-${note.id}`);
    await expect(dentist.locator(`#note-${note.id}`)).toBeFocused();

    // The finding is now on a chart: the owner may retire it, not delete it; retired, the bar no longer reads it.
    await page.reload();
    await expect(row).toContainText('On charts');
    await expect(row.getByRole('button', { name: `Delete ${finding}` })).toHaveCount(0);
    await row.getByRole('button', { name: `Retire ${finding}` }).click();
    await expectToast(page, 'Finding retired');
    await expect(row).toContainText('Retired');
    await dentist.goto(`/admin/patients/${patient.id}/chart`);
    await expect(bar).toBeFocused({ timeout: 20_000 });
    await dentist.keyboard.type(`37 O ${finding}`);
    await expect(dentist.locator('#chart-command-preview')).toContainText(`“${finding}” is not a treatment, finding or status this chart knows`);
    await expect(items.filter({ hasText: `36 OD ${finding}` })).toBeVisible();
    await dentist.context().close();
  });
}
