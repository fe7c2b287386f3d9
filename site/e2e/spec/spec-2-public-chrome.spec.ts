import { expect, test } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { clinic } from '../../../shared/constants/clinic';
import { bookingDay, fillBookingForm, isMobile, toast, visit } from '../support/public-helpers';

// The public chrome (header, side menu, footer, floating buttons), at 1280 and 375 px.

const navNames = ['Home', 'About', 'Treatments', 'Gallery', 'Blogs', 'Contact'];

test(spec('SPEC 2', 'Paths starting with /admin hide the public header, footer and floating buttons; all other pages show them'), async ({ page }) => {
  for (const path of ['/', '/gallery', '/no-such-page']) {
    await visit(page, path);
    await expect(page.locator('header.site-header'), path).toBeVisible();
    await expect(page.locator('footer.site-footer'), path).toBeVisible();
    await expect(page.locator('.floating-buttons'), path).toBeVisible();
  }
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await expect(page.locator('header.site-header')).toHaveCount(0);
  await expect(page.locator('footer.site-footer')).toHaveCount(0);
  await expect(page.locator('.floating-buttons')).toHaveCount(0);
});

test(spec('SPEC 2', 'Header: logo and clinic name linking to /'), async ({ page }) => {
  await visit(page, '/about');
  const brand = page.locator('header').getByRole('link', { name: `${clinic.name}, home` });
  await expect(brand).toHaveAttribute('href', '/');
  await expect(brand.locator('img')).toHaveAttribute('src', /logo/);
  await brand.click();
  await expect(page).toHaveURL(/\/$/);
});

test(spec('SPEC 2', 'nav links Home, About, Treatments, Gallery, Blogs, Contact (current one highlighted; clicking scrolls to top)'), { tag: '@desktop-only' }, async ({ page }) => {
  // Below 768 px the links are in the side menu (the next test).
  await visit(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(navNames);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await nav.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test(spec('SPEC 2', 'On small screens (below 768 px) a side menu holds the same links plus a Book Appointment button opening the booking form in a dialog'), async ({ page }, testInfo) => {
  await visit(page, '/treatments');
  const opener = page.getByRole('button', { name: 'Open menu' });
  if (!isMobile(testInfo)) {
    await expect(opener).toBeHidden();
    // At 768 px the inline links show; at 767 px the menu takes their place.
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(opener).toBeHidden();
    await page.setViewportSize({ width: 767, height: 800 });
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await opener.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText(navNames);
  await expect(menu.getByRole('link', { name: 'Treatments', exact: true })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Book an Appointment' }).getByRole('form', { name: 'Book an appointment' })).toBeVisible();
});

test(spec('SPEC 2', 'Footer: logo, tagline (Gentle Care for Every Smile / From Little Ones to Loved Ones)'), async ({ page }) => {
  await visit(page, '/');
  const footer = page.locator('footer');
  await expect(footer.locator('img.brand-logo')).toBeVisible();
  await expect(footer.locator('.footer-tagline')).toHaveText('Gentle Care for Every SmileFrom Little Ones to Loved Ones');
});

test(spec('SPEC 2', 'social links (two external), quick links to the six public pages'), async ({ page }) => {
  await visit(page, '/');
  const footer = page.locator('footer');
  const social = footer.locator('.social-links a');
  await expect(social).toHaveCount(2);
  for (const a of await social.all()) {
    await expect(a).toHaveAttribute('href', /^https:\/\//);
    await expect(a).toHaveAttribute('target', '_blank');
  }
  const quick = footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link');
  await expect(quick).toHaveText(navNames);
  expect(await Promise.all((await quick.all()).map((a) => a.getAttribute('href')))).toEqual(['/', '/about', '/treatments', '/gallery', '/blogs', '/contact']);
});

test(spec('SPEC 2', 'contact info (phone, email, a Pune address), copyright 2025 with the clinic name, and a developer-promotion link to a chat service'), async ({ page }) => {
  await visit(page, '/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: clinic.phone })).toHaveAttribute('href', clinic.phoneHref);
  await expect(footer.getByRole('link', { name: clinic.email })).toHaveAttribute('href', `mailto:${clinic.email}`);
  await expect(footer.locator('.footer-contact')).toContainText('Pune');
  await expect(footer).toContainText(`© 2025 ${clinic.name}`);
  await expect(footer.getByRole('link', { name: /Chat with the developer/ })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
});

test(spec('SPEC 2', 'Floating buttons: chat (opens a chat link to the clinic number, country code 91, with a prefilled booking message), call (tel link)'), async ({ page }) => {
  await visit(page, '/about');
  const chat = page.locator('.floating-buttons').getByRole('link', { name: /Chat with us on WhatsApp/ });
  const href = (await chat.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^https://wa\\.me/91${clinic.whatsappNumber.slice(2)}\\?text=`));
  expect(decodeURIComponent(href.split('text=')[1])).toContain('I would like to book an appointment');
  await expect(chat).toHaveAttribute('target', '_blank');
  await expect(page.locator('.floating-buttons').getByRole('link', { name: `Call ${clinic.phone}` })).toHaveAttribute('href', /^tel:\+?91\d{10}$/);
});

test(spec('SPEC 2', 'book appointment (dialog with the booking form; closes on success)'), async ({ page }, testInfo) => {
  const day = bookingDay(testInfo, 10);
  await visit(page, '/gallery');
  await page.locator('.floating-buttons').getByRole('button', { name: 'Book Appointment' }).click();
  const d = page.getByRole('dialog', { name: 'Book an Appointment' });
  await fillBookingForm(page, d, { date: day, time: '13:00', treatment: 'cleaning' });
  await d.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(toast(page)).toContainText('Appointment Booked!');
  await expect(d).toBeHidden();
});
