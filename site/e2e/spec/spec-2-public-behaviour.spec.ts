import { expect, test } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { clinic } from '../../../shared/constants/clinic';
import { testimonials } from '../../../shared/constants/testimonials';
import { demoPublished, toast, visit } from '../support/public-helpers';

// What the public pages do over time and on a click (states, data reads), and the built-in content they
// show, at 1280 and 375 px.

test(spec('SPEC 4', 'Treatment cards expand and collapse independently.'), async ({ page }) => {
  await visit(page, '/treatments');
  const cards = page.locator('.treatment-grid .treatment-card');
  await cards.nth(0).locator('summary').click();
  await cards.nth(2).locator('summary').click();
  await expect(cards.nth(0).getByText("How it's done")).toBeVisible();
  await expect(cards.nth(1).getByText("How it's done")).toBeHidden();
  await expect(cards.nth(2).getByText("How it's done")).toBeVisible();
  await cards.nth(0).locator('summary').click();
  await expect(cards.nth(0).getByText("How it's done")).toBeHidden();
  await expect(cards.nth(2).getByText("How it's done")).toBeVisible();
});

test(spec('SPEC 4', 'Testimonial carousel advances every 4 seconds; a dot click jumps to it.'), async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'no-preference', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await visit(page, '/');
  await page.mouse.move(1, 1);
  const carousel = page.getByRole('region', { name: 'Patient testimonials' });
  const dot = (n: number) => carousel.getByRole('button', { name: `Show testimonial ${n} of 4` });
  await expect(dot(2)).toHaveAttribute('aria-current', 'true', { timeout: 6000 });
  await dot(4).click();
  await expect(dot(4)).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByRole('group', { name: '4 of 4' })).toContainText(testimonials[3].name);
  await context.close();
});

test(spec('SPEC 4', 'Public pages need no sign-in.'), async ({ page }) => {
  for (const path of ['/', '/about', '/treatments', '/treatments/braces', '/blogs', `/blogs/${demoPublished[0].slug}`, '/gallery', '/contact']) {
    const res = await visit(page, path);
    expect(res?.status(), path).toBe(200);
    expect(page.url(), path).not.toContain('/admin');
  }
});

test(spec('SPEC 4', 'Doctor-image reads do not retry.'), async ({ page }) => {
  let reads = 0;
  await page.route('**/api/site-settings/doctor_image', (route) => {
    reads += 1;
    return route.fulfill({ status: 500, json: { error: 'Something went wrong' } });
  });
  await visit(page, '/contact');
  await page.locator('footer').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('img', { name: new RegExp(clinic.doctorName) })).toHaveAttribute('src', '/images/doctor.webp');
  await page.waitForTimeout(3500);
  expect(reads).toBe(1);
});

test(spec('SPEC 4', 'Toasts: at most one visible at a time.'), async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  await visit(page, `/blogs/${demoPublished[0].slug}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page)).toHaveCount(1);
});

test(spec('SPEC 3', 'Testimonial: name, treatment, rating, text, initials (4 built in).'), async ({ page }) => {
  await visit(page, '/');
  const carousel = page.getByRole('region', { name: 'Patient testimonials' });
  for (const [i, t] of testimonials.entries()) {
    const slide = carousel.getByRole('group', { name: `${i + 1} of 4`, includeHidden: true });
    await expect(slide.locator('.testimonial-name')).toHaveText(t.name);
    await expect(slide.locator('.testimonial-treatment')).toHaveText(t.treatment);
    await expect(slide.locator('.avatar')).toHaveText(t.initials);
    await expect(slide.locator('blockquote')).toContainText(t.text);
    await expect(slide.getByRole('img', { name: `${t.rating} out of 5 stars`, includeHidden: true })).toHaveCount(1);
  }
});

test(spec('SPEC 3', 'Clinic constants: name, phone, WhatsApp number, email, address (Moshi, Pimpri-Chinchwad, Pune, 412105), map link and map embed.'), async ({ page }) => {
  await visit(page, '/contact');
  const details = page.locator('.contact-cards');
  await expect(details).toContainText(clinic.phone);
  await expect(details).toContainText(clinic.email);
  for (const part of ['Moshi', 'Pimpri-Chinchwad', 'Pune', '412105']) await expect(details).toContainText(part);
  await expect(page.getByRole('link', { name: /Open in Google Maps/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps/);
  await expect(page.locator('footer')).toContainText(clinic.name);
});

test(spec('SPEC 6', 'Visitor (anonymous): browse public pages, submit booking requests, use chat and call links.'), async ({ page }) => {
  await visit(page, '/');
  await expect(page.locator('.floating-buttons a.fab-chat')).toHaveAttribute('href', /^https:\/\/wa\.me\/91/);
  await expect(page.locator('.floating-buttons a.fab-call')).toHaveAttribute('href', clinic.phoneHref);
  await page.locator('.floating-buttons').getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByRole('dialog', { name: 'Book an Appointment' }).getByRole('form', { name: 'Book an appointment' })).toBeVisible();
});
