import { expect, test } from '@playwright/test';
import { spec } from '../../../scripts/spec-conformance';
import { clinic } from '../../../shared/constants/clinic';
import { visit } from '../support/public-helpers';

// The contact page as a visitor sees it, at 1280 and 375 px.

test(spec('SPEC 2', '/contact: phone, WhatsApp, email, address, hours, the booking form'), async ({ page }) => {
  expect((await visit(page, '/contact'))?.status()).toBe(200);
  const details = page.locator('.contact-cards');
  await expect(details.getByRole('link', { name: clinic.phone })).toHaveAttribute('href', clinic.phoneHref);
  const chat = details.getByRole('link', { name: /Chat on WhatsApp/ });
  await expect(chat).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${clinic.whatsappNumber}\\?text=`));
  await expect(details.getByRole('link', { name: clinic.email })).toHaveAttribute('href', `mailto:${clinic.email}`);
  await expect(details).toContainText('Moshi');
  await expect(details).toContainText('412105');
  await expect(page.locator('.hours-card')).toContainText('Opening Hours');
  await expect(page.locator('.hours-card')).toContainText('Monday - Saturday');
  const form = page.getByRole('form', { name: 'Book an appointment' });
  for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Preferred date', 'Preferred time', 'Treatment']) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel(/^Notes/)).toBeVisible();
});

test(spec('SPEC 2', 'an embedded map (height 400) and an Open in Google Maps link'), async ({ page }) => {
  await visit(page, '/contact');
  const open = page.getByRole('link', { name: /Open in Google Maps/ });
  await expect(open).toHaveAttribute('href', clinic.mapLink);
  await expect(open).toHaveAttribute('target', '_blank');
  // The map loads as it comes near the viewport.
  await page.getByRole('heading', { name: 'Find us' }).scrollIntoViewIfNeeded();
  const map = page.locator('iframe[title^="Map showing"]');
  await expect(map).toHaveAttribute('src', clinic.mapEmbed);
  await expect(map).toHaveAttribute('height', '400');
  expect(Math.round((await map.boundingBox())!.height)).toBe(400);
});
