import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoPublished, visit } from './support/public-helpers';

// A11Y-1: axe-core finds no WCAG 2.2 A/AA violation on any public page, at 1280 and 375 px, nor with the
// booking dialog, the side menu or the lightbox open.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, label).toEqual([]);
}

for (const path of ['/', '/about', '/treatments', '/treatments/root-canal', '/blogs', '/gallery', '/contact', '/no-such-page', '/treatments/nope', '/blogs/nope']) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await visit(page, path);
    await page.waitForLoadState('load');
    await expectNoViolations(page, path);
  });
}

test('an article has no accessibility violations', async ({ page }) => {
  await visit(page, `/blogs/${demoPublished[0].slug}`);
  await page.waitForLoadState('load');
  await expectNoViolations(page, 'article');
});

test('open dialogs have no accessibility violations', async ({ page }) => {
  await visit(page, '/treatments');
  await page.locator('summary').first().click();
  await expectNoViolations(page, 'expanded treatment');
  await page.locator('.floating-buttons').getByRole('button', { name: 'Book Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog.getByLabel('First name')).toBeVisible();
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(dialog.getByText('Please select a treatment')).toBeVisible();
  await expectNoViolations(page, 'booking dialog with errors');
  await page.keyboard.press('Escape');

  await visit(page, '/gallery');
  await page.locator('.gallery-button').first().click();
  await expect(page.getByRole('dialog', { name: 'Photo viewer' })).toBeVisible();
  await page.waitForTimeout(300); // the opening animation: axe would read half-faded colours
  await expectNoViolations(page, 'lightbox');
  await page.keyboard.press('Escape');

  const post = demoPublished[0];
  await visit(page, '/blogs');
  await page.getByRole('link', { name: post.title }).first().click();
  await expect(page.getByRole('dialog', { name: post.title }).locator('.prose')).toBeVisible();
  await page.waitForTimeout(300);
  await expectNoViolations(page, 'post dialog');
});

test('the side menu has no accessibility violations', { tag: '@mobile-only' }, async ({ page }) => {
  await visit(page, '/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.waitForTimeout(300);
  await expectNoViolations(page, 'side menu');
});
