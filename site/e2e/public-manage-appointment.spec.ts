import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { uid } from './admin-helpers';
import { manageLinkFor, anyLaterDay } from './support/public-helpers';

// BOOK-12..16: the personal link from the booking email opens the visitor's page, which works with
// JavaScript off (plain form posts): ask for another time, then cancel. Mainly for phones (375 px).

async function bookWithLink(request: APIRequestContext, language: 'en' | 'mr' | 'hi' = 'en'): Promise<{ name: string; link: string }> {
  const name = `Manage${uid()}`;
  const email = `${name.toLowerCase()}@example.com`;
  for (let attempt = 0; ; attempt++) {
    const day = new Date(`${anyLaterDay()}T00:00:00Z`);
    if (day.getUTCDay() === 0) continue;
    const res = await request.post('/api/appointments', {
      data: { firstName: name, lastName: 'Visitor', email, phone: '9876543210', preferredDate: day.toISOString().slice(0, 10), preferredTime: '11:00', treatment: 'cleaning', language },
    });
    if (res.status() === 201) break;
    if (attempt > 10) throw new Error(await res.text());
  }
  return { name, link: await manageLinkFor(email) };
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the visitor asks for another time, then cancels, with plain forms', async ({ page }) => {
    const { name, link } = await bookWithLink(page.request);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: `Hello ${name}` })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByText('Requested – the clinic will confirm it soon')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in Google Maps' })).toBeVisible();

    const slot = page.getByLabel('Open times');
    const first = await slot.locator('option:not([disabled])').first().getAttribute('value');
    await slot.selectOption(first!);
    await page.getByRole('button', { name: 'Ask for this time' }).click();
    await expect(page).toHaveURL(/\/requested$/);
    await expect(page.getByRole('status')).toHaveText('Thank you. The clinic will confirm your new time by phone or email.');
    await expect(page.getByText('(waiting for the clinic)')).toBeVisible();
    // BOOK-16: one open request at a time: the form gives way to a sentence with the phone number.
    await expect(page.getByRole('button', { name: 'Ask for this time' })).toHaveCount(0);
    await expect(page.getByText('You have already asked for another time.')).toBeVisible();

    // UI-10: the first tap only asks; "No, keep" goes back with nothing changed; "Yes" cancels.
    await page.getByRole('link', { name: 'Cancel my appointment' }).click();
    await expect(page).toHaveURL(/\/cancel$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Cancel this appointment?' })).toBeVisible();
    await page.getByRole('link', { name: 'No, keep my appointment' }).click();
    await expect(page.getByText('Requested – the clinic will confirm it soon')).toBeVisible();
    await page.getByRole('link', { name: 'Cancel my appointment' }).click();
    await page.getByRole('button', { name: 'Yes, cancel my appointment' }).click();
    await expect(page).toHaveURL(/\/cancelled$/);
    await expect(page.getByRole('status')).toHaveText('Your appointment is cancelled. The clinic has been told.');
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel my appointment' })).toHaveCount(0);
  });
});

test('a tampered link shows the expired-link page, not the site\'s 404 (UI-11)', async ({ page }) => {
  const { link } = await bookWithLink(page.request);
  const token = link.split('/').pop()!;
  const tampered = `/appointment/${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
  const res = await page.goto(tampered);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book an appointment' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.goto(`/mr${tampered}`);
  await expect(page.getByRole('heading', { level: 1, name: 'या लिंकची मुदत संपली आहे' })).toBeVisible();
});

test('the page has no accessibility violations and fits a phone', async ({ page }) => {
  const { link } = await bookWithLink(page.request);
  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Ask for this time' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, summary.join('\n')).toEqual([]);
});

// I18N-7: a Marathi booking's page is in Marathi at the address the email gives (no /mr/), on a phone,
// hydrated without a mismatch (the browser loads the Marathi catalogue from the page's data, as the server
// rendered it), with its forms and outcomes in Marathi. Screenshots in /tmp/reviews-shots/.
test('the page of a Marathi booking is in Marathi on a phone @mobile-only', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const { name, link } = await bookWithLink(page.request, 'mr');
  expect(link).toMatch(/^\/appointment\//);
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr-IN');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('heading', { level: 1, name: `नमस्कार ${name}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'अपॉइंटमेंटचा तपशील' })).toBeVisible();
  await expect(page.getByText('विनंती मिळाली – क्लिनिक लवकरच ती निश्चित करेल')).toBeVisible();
  await expect(page.getByText('दातांची स्वच्छता (स्केलिंग)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Google Maps मध्ये उघडा' })).toBeVisible();
  // Dates in Marathi's Indian form (Devanagari digits), in the details and in the open times.
  await expect(page.locator('.manage-details dd').first()).toHaveText(/^[०-९]+ [\u0900-\u097F]+, [०-९]{4}$/);
  const slot = page.getByLabel('उपलब्ध वेळा');
  await expect(slot.locator('option:not([disabled])').first()).toHaveText(/^[०-९]+ [\u0900-\u097F]+, [०-९]{4}, \d{1,2}:\d{2} [AP]M$/);
  await expect(page.locator('.lang-link')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, summary.join('\n')).toEqual([]);
  await page.screenshot({ path: '/tmp/reviews-shots/manage-mr-mobile.png', fullPage: true });

  const first = await slot.locator('option:not([disabled])').first().getAttribute('value');
  await slot.selectOption(first!);
  await page.getByRole('button', { name: 'ही वेळ मागा' }).click();
  await expect(page).toHaveURL(/\/requested$/);
  await expect(page.getByRole('status')).toHaveText('धन्यवाद. क्लिनिक तुमची नवीन वेळ फोन किंवा ईमेलद्वारे निश्चित करेल.');
  await expect(page.getByText('(क्लिनिकच्या उत्तराची प्रतीक्षा आहे)')).toBeVisible();
  await page.getByRole('link', { name: 'माझी अपॉइंटमेंट रद्द करा' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'ही अपॉइंटमेंट रद्द करायची?' })).toBeVisible();
  const confirmWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(confirmWidth).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.getByRole('button', { name: 'होय, माझी अपॉइंटमेंट रद्द करा' }).click();
  await expect(page).toHaveURL(/\/cancelled$/);
  await expect(page.getByRole('status')).toHaveText('तुमची अपॉइंटमेंट रद्द झाली आहे. क्लिनिकला तसे कळवले आहे.');
  await expect(page.getByText('रद्द झाली', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/reviews-shots/manage-mr-cancelled-mobile.png', fullPage: true });
  expect(errors.filter((e) => /hydrat|did not match|Minified React error/i.test(e)), errors.join('\n')).toEqual([]);
});
