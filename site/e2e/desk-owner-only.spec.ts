import { expect, test } from '@playwright/test';
import { forbiddenMessage, roleCan } from '../../shared/constants/roles';
import { screenNames, screenTable } from '../src/admin/screen-table';
import { apiCreateInvoice, apiCreatePatient, signIn, staffPage, uid } from './admin-helpers';

// SITE-32: a receptionist and a dentist opening, by its address, a screen they may not use are told in
// that screen's own words who may ("Only the owner can moderate the website's reviews." on Reviews, not the
// blog and gallery's sentence), under the screen's own heading. Every such screen of the table is walked.

for (const role of ['receptionist', 'dentist'] as const) {
  test(`a ${role} is told on each screen they may not use what it is for`, async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page);
    const width = page.viewportSize()!.width;
    const patient = await apiCreatePatient(page.request, `Owneronly${uid()}`);
    const invoice = await apiCreateInvoice(page.request, patient.id);
    const staff = await staffPage(browser, page, role, width);
    const shut = screenNames.filter((name) => !roleCan(role, screenTable[name].needs));
    expect(shut.length).toBeGreaterThan(3);
    for (const name of shut) {
      const spec = screenTable[name] as (typeof screenTable)[typeof name] & { nav?: string; title?: string };
      const id = spec.path.startsWith('/invoices/') ? invoice.id : patient.id;
      await staff.goto(`/admin${spec.path.replace(':id', String(id))}`);
      const heading = staff.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(spec.nav ?? spec.title ?? '');
      await expect(staff.getByText(forbiddenMessage(spec.needs, spec.does), { exact: true })).toBeVisible();
      expect(await staff.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
      if (name === 'reviews') await staff.screenshot({ path: testInfo.outputPath(`${role}-reviews-${width}.png`) });
    }
    if (role === 'receptionist') {
      await staff.goto('/admin/reviews');
      await expect(staff.getByText("Only the owner can moderate the website's reviews.")).toBeVisible();
      await expect(staff.getByText(/blog and gallery/)).toHaveCount(0);
    }
    await staff.context().close();
  });
}
