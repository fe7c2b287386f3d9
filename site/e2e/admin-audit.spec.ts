import { expect, test } from '@playwright/test';
import { addDays } from '../../shared/domain/clinic-time';
import { formatDateTime, formatSentenceDateTime } from '../../shared/domain/dates';
import { chooseOption, expectNoAxeViolations, isMobile, signIn, staffPage, uid } from './admin-helpers';
import { laterDay } from './support/public-helpers';

// ADMIN-25, ADMIN-27: the owner reads the trail as sentences: who moved whose appointment from when to when,
// each row headed by the appointment as it stood then, the fields in words and values as the screens show
// them; at 1280 and at 375 px the trail fits the screen.

test('the owner reads a receptionist’s booking and move as sentences, each row headed by its own time', async ({ page, browser }, testInfo) => {
  const tag = uid();
  const name = `Priya ${tag}`;
  await signIn(page);
  const desk = await staffPage(browser, page, 'receptionist', page.viewportSize()!.width, name);
  try {
    const phone = `98${String(Date.now()).slice(-8)}`;
    const made = await desk.request.post('/api/admin/patients', { data: { firstName: 'Kabir', lastName: `Deshmukh${tag}`, phone } });
    expect(made.status()).toBe(201);
    const patientId = ((await made.json()) as { id: number }).id;
    const from = laterDay(testInfo, 0);
    let to = addDays(from, 2);
    if (new Date(`${to}T00:00:00Z`).getUTCDay() === 0) to = addDays(to, 1);
    const booked = await desk.request.post('/api/admin/appointments', {
      data: { patientId, firstName: 'Kabir', lastName: `Deshmukh${tag}`, phone, preferredDate: from, preferredTime: '11:00', treatment: 'cleaning', bookAnyway: true },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const id = ((await booked.json()) as { id: number }).id;
    const moved = await desk.request.patch(`/api/admin/appointments/${id}/reschedule`, { data: { preferredDate: to, preferredTime: '11:00', bookAnyway: true } });
    expect(moved.status(), await moved.text()).toBe(200);

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: 'Person' }), name, { search: name });
    const trail = page.getByRole('list', { name: 'Audit trail' });
    const move = trail.getByRole('listitem').filter({ hasText: `${name} moved Kabir Deshmukh${tag}'s appointment` });
    await expect(move.getByText(`${name} moved Kabir Deshmukh${tag}'s appointment from ${formatSentenceDateTime(from, '11:00')} to ${formatSentenceDateTime(to, '11:00')}`)).toBeVisible();
    await expect(move.getByText(`Kabir Deshmukh${tag}, ${formatDateTime(to, '11:00')}`)).toBeVisible();
    // The booking's row names the time it was booked for, not the time it has now.
    const create = trail.getByRole('listitem').filter({ hasText: `${name} booked Kabir Deshmukh${tag}'s appointment` });
    await expect(create.getByText(`Kabir Deshmukh${tag}, ${formatDateTime(from, '11:00')}`)).toBeVisible();
    await expect(create.getByText('Booked through')).toBeVisible();
    await expect(create.getByText('the front desk')).toBeVisible();
    await expect(create.getByText('English')).toBeVisible();
    // The patient's row: the phone as the screens write it, not as stored.
    const added = trail.getByRole('listitem').filter({ hasText: `${name} added the patient Kabir Deshmukh${tag}` });
    await expect(added.getByText(phone, { exact: true })).toHaveCount(0);
    await expect(trail.getByText(/ · (create|reschedule)\b/)).toHaveCount(0);

    // Nothing runs off the side of the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`audit-trail-${isMobile(page) ? 375 : 1280}.png`), fullPage: false });
    await page.screenshot({ path: `/tmp/audit-trail-${isMobile(page) ? 375 : 1280}.png`, fullPage: false });
  } finally {
    await desk.context().close();
  }
});
